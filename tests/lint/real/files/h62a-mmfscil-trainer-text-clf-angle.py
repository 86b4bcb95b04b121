# Synthetic rewrite of the shape of InugYoon/mm_fscil:models/mm/fscil_trainer.py at b15b0f954681fe7164799096f6d2c9040ab1aed7 (licence NOASSERTION); not the original text.
import math

import torch
import torch.nn.functional as F


def average_row_angle(mat):
    unit = F.normalize(mat, dim=1)
    deg = torch.acos((unit @ unit.t()).clamp(-1.0, 1.0)) * 180.0 / math.pi
    k = deg.shape[0]
    return ((deg.sum() - deg.diagonal().sum()) / (k * (k - 1))).item()


class SessionTrainer:
    def __init__(self, cfg, net, loaders):
        self.cfg = cfg
        self.net = net
        self.loaders = loaders

    def run(self):
        for session, (train_loader, test_loader) in enumerate(self.loaders):
            if session == 0 and self.cfg.get("angle_probe", False):
                # geometry check before base training: spread of the text-initialised output head
                rows = self.net.module.text_head.weight.detach()
                print("inter-angle of classifier rows: %d" % average_row_angle(rows))
            self.train_session(session, train_loader)
            self.evaluate(session, test_loader)

    def train_session(self, session, loader):
        opt = torch.optim.SGD(self.net.parameters(), lr=self.cfg["lr"])
        for images, labels in loader:
            logits = self.net(images)
            loss = F.cross_entropy(logits, labels)
            opt.zero_grad()
            loss.backward()
            opt.step()

    @torch.no_grad()
    def evaluate(self, session, loader):
        hits = total = 0
        for images, labels in loader:
            hits += (self.net(images).argmax(1) == labels).sum().item()
            total += labels.numel()
        print(f"session {session}: acc {hits / max(total, 1):.4f}")
