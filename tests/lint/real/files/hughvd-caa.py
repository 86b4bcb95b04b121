# cosaudit corpus, synthetic file: same shape as hughvd/unembedding-steering-benchmark/src/steering/caa.py at 141a1bf881ddf3161cc372017421528a1481c6b5 (licence MIT); new code, no text copied.
import numpy as np
from sklearn.decomposition import PCA

POSITIVE_TOKENS = [" good", " great", " excellent", " happy", " love"]


def cosine(a, b):
    return np.dot(a, b) / (np.linalg.norm(a) * np.linalg.norm(b))


def caa_vs_token_directions(model, tokenizer, raw_reps, labels):
    """Compare a contrastive steering vector with the unembedding directions of positive words."""
    steer = raw_reps[labels == 1].mean(axis=0) - raw_reps[labels == 0].mean(axis=0)
    rows = []
    for word in POSITIVE_TOKENS:
        tid = tokenizer.encode(word, add_special_tokens=False)[0]
        rows.append(model.transformer.wte.weight[tid].detach().cpu().numpy())
    rows = np.stack(rows)
    mean_dir = rows.mean(axis=0)
    pc1 = PCA(n_components=1).fit(rows).components_[0]
    print("steering vs mean positive-token direction:", cosine(steer, mean_dir))
    print("steering vs first PC of positive tokens  :", cosine(steer, pc1))
    return steer
