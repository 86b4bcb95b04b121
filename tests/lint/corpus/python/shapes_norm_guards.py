# expect: COS301
"""Row norms kept off zero before dividing (`np.maximum(norms, eps)`, `.clamp(min=eps)`,
`torch.clamp(norms, min=eps)`) still normalise the rows: their products are cosines. Dividing by
the norm of one side only stays a projection.

Shapes seen in public scripts; written for cosaudit's tests.
"""
import numpy as np
import torch
from transformers import AutoModelForCausalLM

model = AutoModelForCausalLM.from_pretrained("org/causal-lm")

X = model.lm_head.weight.detach().numpy()
lengths = np.linalg.norm(X, axis=1, keepdims=True)
lengths = np.maximum(lengths, 1e-12)
X_unit = (X / lengths).astype(np.float32)
g1 = X_unit @ X_unit.T  # expect: COS101

W = model.get_output_embeddings().weight.detach()
lengths_t = W.norm(dim=-1, keepdim=True)
W_unit = (W / lengths_t.clamp(min=1e-8)).float()
g2 = W_unit @ W_unit.T  # expect: COS101

V = model.lm_head.weight.detach().clone()
V_unit = V / torch.clamp(V.norm(dim=1, keepdim=True), min=1e-6)
g3 = V_unit[3] @ V_unit[4]  # expect: COS101
g4 = V[3] @ V[4] / torch.clamp(V[4].norm(), min=1e-6)  # expect: COS102
