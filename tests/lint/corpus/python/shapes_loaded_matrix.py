"""A matrix loaded under a bare name in code that never says what its rows are: not flagged.

Shapes seen in public notebooks; written for cosaudit's tests.
"""
import torch
from safetensors.torch import load_file

W = load_file("layers/W.safetensors")["W"].to(torch.float32)
n_out, d = W.shape
print(f"{n_out} output units, {d} inputs")
ref = torch.randn(d)
W_unit = W / W.norm(dim=1, keepdim=True)
alignment = W_unit @ (ref / ref.norm())
print(f"largest alignment {alignment.max():.4f}")
