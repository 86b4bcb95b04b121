"""A probe whose forward reads its linear layer's scores through a ReLU and renormalises them by their
sum, and nothing else reads them: adding one vector to every row changes its outputs, so the rows are not
the rows of a head that a translation leaves alone, and their cosine heatmap is left alone.

Shapes seen in a public probing repository; written for cosaudit's tests.
"""
import matplotlib.pyplot as plt
import numpy as np
import torch


class ConeProbe(torch.nn.Module):
    def __init__(self, hidden_dim, num_classes):
        super().__init__()
        self.linear = torch.nn.Linear(hidden_dim, num_classes)

    def forward(self, x):
        coords = torch.relu(self.linear(x))
        return coords / (coords.sum(dim=-1, keepdim=True) + 1e-8)


probe = ConeProbe(2048, 12)
probe.load_state_dict(torch.load("cone_probe.pt"))
rows = probe.linear.weight.detach().numpy()
unit = rows / (np.linalg.norm(rows, axis=1, keepdims=True) + 1e-8)
plt.imshow(unit @ unit.T, cmap="coolwarm", vmin=-1, vmax=1)
