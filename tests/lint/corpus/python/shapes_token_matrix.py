# expect: COS301
"""A token matrix stored under a bare name, and cosine lenses written out by hand.

Shapes seen in public notebooks; written for cosaudit's tests.
"""
import torch
import torch.nn.functional as F
from safetensors.torch import load_file

# %% the one matrix of a tensor file, whose rows the code counts as tokens
W = load_file("tensors/W.safetensors")["W"].to(torch.float32)
N, d = W.shape
print(f"token space: {N:,} tokens in {d} dimensions")
ref = torch.randn(d)
ref = ref / ref.norm()
W_unit = W / W.norm(dim=1, keepdim=True)
cosines = W_unit @ ref  # expect: COS120
print(f"largest cosine {cosines.max():.4f}")

# %% one vector against every row, divided by the rows' norms
lens1 = (W @ ref) / W.norm(dim=1)  # expect: COS120
head = model.lm_head.weight.detach()
lens2 = (head @ ref) / (head.norm(dim=-1) * ref.norm())  # expect: COS120
row_norms = torch.linalg.norm(head, dim=-1)
lens3 = (head @ ref) / row_norms  # expect: COS120
logits = (head @ ref) / ref.norm()  # the logit lens, scaled: every equivalent model ranks alike
coupling = (head @ class_mean) / head.norm(dim=1)  # a row against its class mean (neural collapse)
