"""Row norms kept off zero by an added epsilon (`np.linalg.norm(W, axis=1, keepdims=True) + 1e-8`,
`norms + eps`) are still the norms: the rows divided by them are unit rows, and their Gram matrix is
the cosines (COS101), not a dot product. A shared translation of the head's rows moves them.

Shapes seen in a public probe-analysis script; written for cosaudit's tests.
"""
import matplotlib.pyplot as plt
import numpy as np
import torch

model = torch.load("classifier.pt", weights_only=False)
W = model.fc.weight.detach().cpu().numpy()

norms = np.linalg.norm(W, axis=1, keepdims=True) + 1e-8
unit = W / norms
cosine = unit @ unit.T  # expect: COS101
plt.imshow(cosine, vmin=-1, vmax=1)  # expect: COS103

eps = 1e-6
unit_b = W / (np.linalg.norm(W, axis=1, keepdims=True) + eps)
print(unit_b[3] @ unit_b[7])  # expect: COS101
