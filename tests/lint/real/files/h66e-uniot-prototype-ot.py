# Synthetic rewrite of the shape of ANKOROFF/Adapting-Universal-Domain-Adaptation-Algorithms-for-Time-Series-Data:algorithms/UniOT.py at 554eb45cd8e233c9b4c017988fecf1ed8101660e (licence MIT); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class PrototypeTransport(nn.Module):
    """Universal DA for sensor series: learned unit prototypes matched by optimal transport."""

    def __init__(self, encoder, n_classes, hp, dim=512):
        super().__init__()
        self.encoder = encoder
        self.head = nn.Linear(dim, n_classes)
        self.src_protos = nn.Parameter(F.normalize(torch.randn(n_classes, dim), dim=1))
        self.tgt_protos = nn.Parameter(F.normalize(torch.randn(hp.get("n_target_protos", 100), dim), dim=1))
        self.eps = hp.get("epsilon", 0.05)
        self.iters = hp.get("sinkhorn_iters", 20)
        self.weight_ot = hp["lambda_ot"]
        self.opt = torch.optim.Adam([
            {"params": list(self.encoder.parameters()) + list(self.head.parameters())},
            {"params": [self.src_protos, self.tgt_protos], "lr": hp.get("lr", 1e-4) * 0.1},
        ], lr=hp.get("lr", 1e-4))

    def sinkhorn(self, sim):
        plan = torch.exp(sim / self.eps)
        for _ in range(self.iters):
            plan = plan / plan.sum(1, keepdim=True)
            plan = plan / plan.sum(0, keepdim=True)
        return plan / plan.sum(1, keepdim=True)

    def update(self, xs, ys, xt):
        fs = F.normalize(self.encoder(xs), dim=1)
        ft = F.normalize(self.encoder(xt), dim=1)
        with torch.no_grad():
            self.src_protos.data = F.normalize(self.src_protos.data, dim=1)
        # target features against the unit source prototypes (a trained cosine layer)
        sim = ft @ self.src_protos.t()
        plan = self.sinkhorn(sim.detach())
        ot_term = -(plan * F.log_softmax(sim / 0.05, dim=1)).sum(1).mean()
        ce_term = F.cross_entropy(self.head(fs), ys)
        loss = ce_term + self.weight_ot * ot_term
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.item()
