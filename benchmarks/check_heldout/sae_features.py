# expect: COS301
"""SAE features and the vocabulary."""
import torch
import torch.nn.functional as F

W_dec = sae.W_dec  # [n_features, d_model]
feat_cos = F.cosine_similarity(W_dec[:, None], W_dec[None], dim=-1)

W_U = model.W_U  # [d_model, d_vocab]
# direct logit effect of a feature: dot product with the unembedding, fine
effect = W_dec[123] @ W_U
top_tokens = effect.topk(10)

# cosine of the feature direction against every token (cosine lens)
W_U_norm = W_U / W_U.norm(dim=0, keepdim=True)
cos_lens = (W_dec[123] / W_dec[123].norm()) @ W_U_norm  # expect: COS120

# residual-stream cosine between two prompts
h1 = cache["resid_post", 6][0, -1]
h2 = cache2["resid_post", 6][0, -1]
same = F.cosine_similarity(h1, h2, dim=0)
