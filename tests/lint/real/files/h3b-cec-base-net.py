# cosaudit corpus, synthetic file: same shape as icoz69/CEC-CVPR2021/models/base/Network.py at 3a5d335f19349aa2e5fa75c88aa2c701b6e5513d (licence MIT); new code, no text copied.
import torch
import torch.nn as nn
import torch.nn.functional as F
from models.resnet18_encoder import resnet18


class BaseNet(nn.Module):
    def __init__(self, args, mode="ft_cos"):
        super().__init__()
        self.args, self.mode = args, mode
        self.encoder = resnet18(pretrained=False)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(512, args.num_classes, bias=False)

    def encode(self, x):
        return self.pool(self.encoder(x)).flatten(1)

    def forward(self, x):
        x = self.encode(x)
        if "cos" in self.mode:
            return self.args.temperature * F.linear(F.normalize(x, dim=-1), F.normalize(self.fc.weight, dim=-1))
        return self.fc(x)

    @torch.no_grad()
    def imprint(self, data, labels, classes):
        feats = self.encode(data)
        for c in classes:
            self.fc.weight.data[c] = feats[labels == c].mean(0)

    def finetune_new(self, new_w, data, labels, session):
        new_w = new_w.clone().requires_grad_(True)
        opt = torch.optim.SGD([new_w], lr=self.args.lr_new, momentum=0.9)
        n_old = self.args.base_class + self.args.way * (session - 1)
        for _ in range(self.args.epochs_new):
            w = torch.cat([self.fc.weight[:n_old].detach(), new_w])
            logits = self.args.temperature * F.linear(F.normalize(data, dim=-1), F.normalize(w, dim=-1))
            loss = F.cross_entropy(logits, labels)
            opt.zero_grad()
            loss.backward()
            opt.step()
        self.fc.weight.data[n_old:n_old + self.args.way] = new_w.data
