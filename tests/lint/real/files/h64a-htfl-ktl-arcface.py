# Synthetic rewrite of the shape of TsingZ0/HtFLlib:system/flcore/clients/clientktl.py at e959261d906f40377410bc4d9d13ba3f6af56782 (licence Apache-2.0); not the original text.
import torch
import torch.nn.functional as F


class FrameClient:
    def __init__(self, n_classes, margin=0.5, scale=64.0, lr=0.01, device="cpu"):
        self.n_classes = n_classes
        self.margin = margin
        self.scale = scale
        self.lr = lr
        self.device = device

    def local_train(self, net, loader, shared_frame, epochs=1):
        anchors = F.normalize(shared_frame.t(), dim=1)      # one unit vector per class, fixed by the server
        opt = torch.optim.SGD(net.parameters(), lr=self.lr)
        net.train()
        for _ in range(epochs):
            for xb, yb in loader:
                emb = F.normalize(net(xb.to(self.device)), dim=1)
                cos = F.linear(emb, anchors)                  # logits are cosines by construction
                hit = F.one_hot(yb, self.n_classes).float()
                with_margin = torch.cos(torch.acos(cos.clamp(-1 + 1e-7, 1 - 1e-7)) + self.margin)
                logits = self.scale * (hit * with_margin + (1 - hit) * cos)
                loss = F.cross_entropy(logits, yb)
                opt.zero_grad()
                loss.backward()
                opt.step()

    @torch.no_grad()
    def evaluate(self, net, loader, shared_frame):
        anchors = F.normalize(shared_frame.t(), dim=1)
        right = total = 0
        for xb, yb in loader:
            cos = F.linear(F.normalize(net(xb)), anchors)
            right += (cos.argmax(1) == yb).sum().item()
            total += len(yb)
        return right / max(total, 1)
