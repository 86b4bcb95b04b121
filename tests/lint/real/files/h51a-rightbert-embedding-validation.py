# Synthetic rewrite of the shape of fbarulli/right_bert:src/embedding/embedding_validation.py at 63ddf55a46e4c00ba2e130d8816e7d59b5da3a8a (licence NOASSERTION); not the original text.
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
import torch
from sklearn.manifold import TSNE
from sklearn.metrics.pairwise import cosine_similarity

from src.common.managers import get_model_manager, get_tokenizer_manager


def check_vocabulary_space(checkpoint, tok_name, out, probes=None, k=10):
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    tok = get_tokenizer_manager().get_worker_tokenizer(0, tok_name)
    net = get_model_manager().get_worker_model(0, checkpoint, "embedding").eval()

    if probes:
        with torch.no_grad():
            batch = {n: t.to(net.device) for n, t in tok(probes, return_tensors="pt", padding=True).items()}
            pooled = net(**batch)["last_hidden_state"].mean(dim=1)          # one vector per probe word
            table = net.bert.embeddings.word_embeddings.weight.data          # every vocabulary row
            similarities = cosine_similarity(pooled.cpu().numpy(), table.cpu().numpy())
        for row, probe in enumerate(probes):
            best = np.argsort(-similarities[row])[:k]
            print(probe, [(tok.decode([int(j)]), round(float(similarities[row, j]), 3)) for j in best])

    with torch.no_grad():
        flat = net.bert.embeddings.word_embeddings.weight.data.cpu().numpy()
    xy = TSNE(n_components=2, perplexity=min(30, flat.shape[0] - 1), random_state=0).fit_transform(flat)
    plt.figure(figsize=(10, 10))
    plt.scatter(xy[:, 0], xy[:, 1], s=4, alpha=0.5)
    plt.savefig(out / "vocab_tsne.png")
    plt.close()
