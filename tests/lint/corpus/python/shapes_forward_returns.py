# expect: COS301
"""A model whose forward pass binds its last layer's output to a name and returns the name
(`x = self.out(x); return x`), trained with cross-entropy: that layer is the softmax head, and the
cosines of its rows are flagged as when the forward pass returns `self.out(x)` itself. The same model
trained by regression (`mse_loss`) has no softmax head, and a layer the output only passes through
(`x = self.drop(x)`) is not taken for the head.

Shape seen in public course code; written for cosaudit's tests.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class DigitNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(784, 256)
        self.out = nn.Linear(256, 10)

    def forward(self, x):
        x = F.relu(self.body(x))
        x = self.out(x)
        return x


class Regressor(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(16, 64)
        self.proj = nn.Linear(64, 8)

    def forward(self, x):
        h = torch.tanh(self.body(x))
        y = self.proj(h)
        return y


class Smoothed(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(784, 128)
        self.drop = nn.Dropout(0.1)

    def forward(self, x):
        x = self.enc(x)
        x = self.drop(x)
        return x


net, reg, smooth = DigitNet(), Regressor(), Smoothed()


def train(loader, targets):
    opt = torch.optim.SGD(list(net.parameters()) + list(reg.parameters()), lr=0.1)
    for (x, y), t in zip(loader, targets):
        logits = net(x)
        loss = F.cross_entropy(logits, y) + F.mse_loss(reg(x[:, :16]), t)
        loss = loss + F.cross_entropy(smooth(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()


digits = F.normalize(net.out.weight.detach(), dim=1)
digit_sims = digits @ digits.T  # expect: COS101
outputs = F.normalize(reg.proj.weight.detach(), dim=1)
output_sims = outputs @ outputs.T
drops = F.normalize(smooth.enc.weight.detach(), dim=1)
drop_sims = drops @ drops.T
