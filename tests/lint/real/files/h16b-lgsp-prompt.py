# cosaudit corpus, synthetic file: same shape as kiennkt05/LGSP/models/prompt.py at 3a7787b6dfb98f03a10478274a7d5e4f86dd6217 (licence unknown); new code, no text copied.
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from sklearn.cluster import AgglomerativeClustering, KMeans
from sklearn.decomposition import PCA
from sklearn.metrics.pairwise import cosine_similarity

from models.Prompt_FFN import KeyFFN


class KeyedPromptPool(nn.Module):
    """Prompt keys for a ViT few-shot class-incremental learner.

    With key_init='from_head' the keys are summaries of the class rows saved from a
    baseline's classifier_head (nn.Linear, logits = head(cls_embedding)).
    """

    def __init__(self, use_pool=False, dim=768, key_init="uniform", pool_size=None, top_k=None,
                 head_path="checkpoints/baseline_head.pth"):
        super().__init__()
        self.use_pool, self.dim, self.pool_size, self.top_k = use_pool, dim, pool_size, top_k
        if not use_pool:
            return
        if key_init == "zero":
            self.keys = nn.Parameter(torch.zeros(pool_size, dim))
        elif key_init == "uniform":
            self.keys = nn.Parameter(torch.empty(pool_size, dim).uniform_(-1, 1))
        elif key_init == "from_head":
            head_state = torch.load(head_path)          # {'weight': [n_classes, dim]}
            self.keys = nn.Parameter(self.keys_by_kmeans(head_state, pool_size), requires_grad=False)
            self.key_mlp = KeyFFN(embed_dim=dim, hidden_dim=4 * dim)
            self.query_mlp = KeyFFN(embed_dim=dim, hidden_dim=4 * dim)

    def keys_by_kmeans(self, head_state, pool_size):
        rows = head_state["weight"][:100].cpu().numpy()
        centres = KMeans(n_clusters=pool_size, random_state=0).fit(rows).cluster_centers_
        return torch.tensor(centres, dtype=head_state["weight"].dtype)

    def keys_by_pca(self, rows, pool_size):
        comps = PCA(n_components=pool_size, svd_solver="full").fit_transform(rows.cpu().numpy().T).T
        return torch.tensor(comps, dtype=rows.dtype)

    def keys_by_cosine_clusters(self, rows, pool_size):
        arr = rows.cpu().numpy()
        sim = cosine_similarity(arr)
        groups = AgglomerativeClustering(n_clusters=pool_size, metric="precomputed",
                                         linkage="average").fit_predict(1 - sim)
        centres = [arr[groups == g].mean(axis=0) for g in range(pool_size)]
        return torch.tensor(np.stack(centres), dtype=rows.dtype)

    @staticmethod
    def gumbel_weights(logits, tau=1.0, dim=-1):
        g = -torch.empty_like(logits).exponential_().log()
        return F.softmax((logits + g) * tau, dim=dim)

    def forward(self, x_embed, cls_features=None):
        out = {}
        if not self.use_pool:
            return out
        query = cls_features if cls_features is not None else x_embed.max(dim=1).values
        keys = F.normalize(self.key_mlp(self.keys), dim=1)
        query = F.normalize(self.query_mlp(query), dim=1)
        out["weights"] = self.gumbel_weights(query @ keys.t(), tau=5.0, dim=1)
        return out
