# cosaudit corpus, synthetic file: same shape as GregoryShapiro/llmlearn/analyze_digit_embeddings.py at 40b2a0652ccc3cdf263afe799acd0918190c85d9 (licence NOASSERTION); new code, no text copied.
"""How did the digit tokens of our small NumPy transformer end up arranged in its embedding table?"""
import pickle
import sys

import numpy as np

sys.path.insert(0, "src")

with open("checkpoints/best_model.pkl", "rb") as fh:
    ckpt = pickle.load(fh)
table = ckpt["model_params"]["param_0"]            # token embedding table (the output projection is a separate layer)
print("embedding table:", table.shape)

DIGITS = list(range(2, 12))                        # token ids of '0'..'9'
LABELS = [str(d) for d in range(10)]

print("\nnorms")
for tid, lab in zip(DIGITS, LABELS):
    n = np.linalg.norm(table[tid])
    print(f"  {lab}: {n:6.3f} " + "#" * int(n * 8))


def cos(u, v):
    nu, nv = np.linalg.norm(u), np.linalg.norm(v)
    return 0.0 if nu == 0 or nv == 0 else float(u @ v / (nu * nv))


sim = np.zeros((10, 10))
for a in range(10):
    for b in range(10):
        sim[a, b] = cos(table[DIGITS[a]], table[DIGITS[b]])

print("\ncosine matrix")
print("    " + " ".join(f"{l:>6}" for l in LABELS))
for a, lab in enumerate(LABELS):
    print(f"{lab:>3} " + " ".join(f"{sim[a, b]:+6.2f}" for b in range(10)))

print("\nneighbour vs distant similarity")
for d in range(10):
    near = [sim[d, e] for e in (d - 1, d + 1) if 0 <= e < 10]
    far = [sim[d, e] for e in range(10) if abs(e - d) >= 5]
    gap = np.mean(near) - np.mean(far)
    print(f"  {d}: near {np.mean(near):+.3f}  far {np.mean(far):+.3f}  {'ordered' if gap > 0 else 'not ordered'}")
