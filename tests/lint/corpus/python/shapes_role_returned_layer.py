# expect: COS301
"""Written for cosaudit's tests: the output layer of a small classifier defined and loaded in the
same file, found by what the model returns rather than by its name or its size. The file never
computes logits (an analysis of a trained model), so only the forward pass and the shape say which
layer reads out the classes: the Linear a model class's forward pass returns, and the last Linear
of a model that is one `nn.Sequential`."""
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


class MnistMLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden = nn.Linear(784, 256)
        self.out = nn.Linear(256, 10)

    def forward(self, x):
        h = F.relu(self.hidden(x.flatten(1)))
        return self.out(h)


model = MnistMLP()
model.load_state_dict(torch.load("mnist_mlp.pt", map_location="cpu"))
W = model.out.weight.detach()
unit = W / W.norm(dim=1, keepdim=True)
digit_sim = unit @ unit.T  # expect: COS101
print(digit_sim[3, 8])

net = nn.Sequential(nn.Flatten(), nn.Linear(784, 128), nn.ReLU(), nn.Linear(128, 10))
net.load_state_dict(torch.load("mnist_seq.pt", map_location="cpu"))
rows = net[-1].weight.detach().numpy()
print(rows[4] @ rows[9] / (np.linalg.norm(rows[4]) * np.linalg.norm(rows[9])))  # expect: COS101

clf = nn.Sequential(nn.Linear(64, 32), nn.Tanh(), nn.Linear(32, 5), nn.LogSoftmax(dim=1))
clf.load_state_dict(torch.load("iris_seq.pt", map_location="cpu"))
print(F.cosine_similarity(clf[2].weight[0], clf[2].weight[1], dim=0))  # expect: COS101
