# cosaudit corpus, synthetic file: same shape as clawdia-bot/token-explorer/phase3-positional-embeddings/explore.py at a11b8246f14663f9d7d43a4373825c016dfd593d (licence MIT); new code, no text copied.
"""Phase 3: learned positions. Geometry of the position table, overlap with the token subspace,
and how much adding a position moves the token-level probes."""
import argparse

import numpy as np
from scipy import stats
from transformers import AutoModelForCausalLM, AutoTokenizer

ap = argparse.ArgumentParser()
ap.add_argument("--model", default="gpt2")
args = ap.parse_args()
lm = AutoModelForCausalLM.from_pretrained(args.model)
tok = AutoTokenizer.from_pretrained(args.model)
emb = lm.transformer.wte.weight.detach().numpy()
pos = lm.transformer.wpe.weight.detach().numpy()
n_pos = pos.shape[0]

# 1. position geometry: neighbouring positions are similar
unit_pos = pos / np.linalg.norm(pos, axis=1, keepdims=True)
pos_sim = unit_pos @ unit_pos.T
print("mean cosine, adjacent positions:", float(np.mean(np.diag(pos_sim, 1))))

# 2. subspace overlap via the top principal directions of each table
_, _, vt_tok = np.linalg.svd(emb - emb.mean(0), full_matrices=False)
_, _, vt_pos = np.linalg.svd(pos - pos.mean(0), full_matrices=False)
for k in (5, 20):
    overlap = np.linalg.norm(vt_tok[:k] @ vt_pos[:k].T) ** 2 / k
    print(f"top-{k} subspace overlap {overlap:.4f}")
print("variance-profile rank correlation:", stats.spearmanr(emb.var(0), pos.var(0))[0])

# 3. token + position: do nearest neighbours survive adding a position?
with_pos = {p: emb + pos[p] for p in (0, 1, 64, n_pos - 1)}
with_pos_norm = {p: np.linalg.norm(v, axis=1) for p, v in with_pos.items()}


def neighbours_at(p, i, k=10):
    table, norms = with_pos[p], with_pos_norm[p]
    cos = (table @ table[i]) / (norms * np.linalg.norm(table[i]) + 1e-10)
    cos[i] = -2.0
    return np.argsort(cos)[-k:][::-1]


word = tok.encode(" king")[0]
for p in with_pos:
    print(p, [tok.decode([int(j)]) for j in neighbours_at(p, word)])
