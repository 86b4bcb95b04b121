"""Written for cosaudit's tests: look-alikes of a returned output layer that stay quiet. A model
whose forward pass returns one value (a regressor), a Sequential that is an encoder rather than the
model, a class defined but never made in the file, a hidden layer of the returned model, and the
model's outputs (not its rows) compared by cosine."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Regressor(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(13, 64)
        self.pred = nn.Linear(64, 1)

    def forward(self, x):
        return self.pred(F.relu(self.body(x)))


class Projector(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(512, 128)

    def forward(self, h):
        return self.proj(h)


reg = Regressor()
reg.load_state_dict(torch.load("housing.pt"))
w = reg.pred.weight.detach()
print(F.cosine_similarity(w, reg.body.weight.detach()[:1], dim=1))

# the hidden layer's rows are features, not classes
hid = F.normalize(reg.body.weight.detach(), dim=1)
feature_sim = hid @ hid.T

encoder = nn.Sequential(nn.Linear(784, 256), nn.ReLU(), nn.Linear(256, 64))
codes = F.normalize(encoder[-1].weight.detach(), dim=1)
code_sim = codes @ codes.T

model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 1))
single = model[-1].weight.detach()
print(F.cosine_similarity(single, single, dim=1))

# outputs of a made model compared with each other: embeddings, not head rows
head_model = Regressor()
a = head_model(torch.randn(4, 13))
b = head_model(torch.randn(4, 13))
print(F.cosine_similarity(a, b))


def projection_overlap(p: Projector) -> torch.Tensor:
    # `Projector` is never made here: its returned layer is a projection handed in, not this file's model
    rows = F.normalize(p.proj.weight.detach(), dim=1)
    return rows @ rows.T


# a Sequential model the file runs is judged by its loss: a regression onto eight targets
net = nn.Sequential(nn.Linear(13, 32), nn.ReLU(), nn.Linear(32, 8))
loss = F.mse_loss(net(torch.randn(5, 13)), torch.randn(5, 8))
targets = F.normalize(net[-1].weight.detach(), dim=1)
target_sim = targets @ targets.T
