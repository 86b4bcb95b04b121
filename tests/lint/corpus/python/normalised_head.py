# expect: COS301
"""Face recognition with an ArcFace margin head: the class rows are normalised in the forward pass."""
import torch
import torch.nn.functional as F


class ArcFaceHead(torch.nn.Module):
    def __init__(self, d, n, s=30.0):
        super().__init__()
        self.fc = torch.nn.Linear(d, n, bias=False)
        self.s = s

    def forward(self, h):
        w = F.normalize(self.fc.weight, dim=-1)
        return self.s * (F.normalize(h, dim=-1) @ w.T)


head = ArcFaceHead(512, 1000)
Wf = head.fc.weight.detach()
identity_sim = F.cosine_similarity(Wf[3], Wf[4], dim=0)  # expect: COS101
probe_rank = F.cosine_similarity(probe[None], Wf, dim=-1)  # expect: COS120
