# Synthetic rewrite of the shape of kanakamohank/Beyond-Components:experiments/diagnose_unembed_direct.py at b48f8229905f5d4e2b7328ac234c7c46719556d7 (licence NOASSERTION); not the original text.
"""Why does patching along a group-mean unembedding basis do nothing?  Look at the answer tokens' W_U columns."""
from collections import defaultdict

import numpy as np
import torch
from transformer_lens import HookedTransformer

from experiments.arithmetic_circuit_scan_updated import MODEL_MAP, get_context_target_tok

torch.set_grad_enabled(False)
model = HookedTransformer.from_pretrained(MODEL_MAP["llama-3b"], device="cpu")
W_U = model.W_U.float()                     # (d_model, vocab)

answer_ids = {n: get_context_target_tok(model, "0 + 0 = ", str(n)) for n in range(199)}
by_last_digit = defaultdict(list)
for n, tid in answer_ids.items():
    by_last_digit[n % 10].append(tid)

# 1. do answers sharing a ones digit point the same way in the output matrix?
for digit, tids in sorted(by_last_digit.items()):
    cols = W_U[:, tids]
    cols_norm = cols / cols.norm(dim=0, keepdim=True)
    cos_mat = (cols_norm.T @ cols_norm).numpy()
    off = ~np.eye(len(tids), dtype=bool)
    print(f"digit {digit}: mean cos {cos_mat[off].mean():.3f} +/- {cos_mat[off].std():.3f}")

# 2. does averaging the group cancel out?
for digit, tids in sorted(by_last_digit.items()):
    cols = W_U[:, tids]
    print(digit, float(cols.mean(1).norm() / cols.norm(dim=0).mean()))

# 3. how low-dimensional is the span of all answer columns (after centring)?
A = W_U[:, list(answer_ids.values())]
s = torch.linalg.svdvals(A - A.mean(1, keepdim=True))
print("variance in top 9:", float((s[:9] ** 2).sum() / (s ** 2).sum()))
