# Synthetic rewrite of the shape of silverbulletmdc/reid-strong-baseline:exp/centerloss_similarity.py at 09cbd204242194077f4fa4c2803c4694940a1c8e (licence MIT); not the original text.
import matplotlib.pyplot as plt
import numpy as np
import torch

from data.datasets.vehicles import VehicleTrainSet

state = torch.load("../outputs/r50_center_loss_final.pth", map_location="cpu")
centers = state["centers"]  # (num_ids, feat_dim) learned by the center loss


def id_similarity(c, kind="cos"):
    c = c - c.mean(dim=0)
    norms = c.pow(2).sum(dim=1, keepdim=True).sqrt()
    unit_center_vecs = c / norms
    if kind == "cos":
        out = torch.mm(unit_center_vecs, unit_center_vecs.transpose(0, 1))
    else:
        gram = c @ c.t()
        out = (norms ** 2 + norms.t() ** 2 - 2 * gram).clamp_min(0).sqrt()
    return out


sim = id_similarity(centers)
probe = 10
vals, order = torch.sort(sim[probe][1:], descending=True)
plt.plot(np.arange(len(order)), vals.numpy())
plt.show()

ds = VehicleTrainSet()
print([ds.label_to_vehicle[i.item()] for i in order[:20]])
