"""A binary cross-entropy of probabilities (`F.binary_cross_entropy(torch.sigmoid(z), y)`,
`nn.BCELoss()`) trains a sigmoid head: each row is fixed by its own logistic loss, so the code that
adds an L2 penalty on its rows (`torch.mm(W, W.t())`) or compares them reports nothing. The same
loss taken of a softmax's outputs (a teacher's class probabilities) says nothing about the head, as
the companion file `shapes_bce_of_softmax.py` shows.

Shapes seen in public course notebooks (logistic regression with weight decay by hand); written for
cosaudit's tests.
"""
import torch
import torch.nn.functional as F


class LogisticRegression(torch.nn.Module):
    def __init__(self, num_features):
        super().__init__()
        self.linear = torch.nn.Linear(num_features, 1)

    def forward(self, x):
        return torch.sigmoid(self.linear(x)).view(-1)


model = LogisticRegression(num_features=2)
for x, y in loader:
    out = model(x)
    cost = F.binary_cross_entropy(out, y, reduction="sum")
    cost = cost + 0.5 * 0.1 * torch.mm(model.linear.weight, model.linear.weight.t())
    cost.backward()
