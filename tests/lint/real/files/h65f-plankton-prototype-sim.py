# Synthetic rewrite of the shape of Adhithyan8/planktons:analysis_01.py at 68a1b303f740f60ef10a5d08011f5e93c22ba339 (licence NOASSERTION); not the original text.
"""Inspect the prototype layer of a self-distilled ViT used for novel-class discovery."""
import copy

import matplotlib.pyplot as plt
import numpy as np
import torch
from torch import nn
from scipy.optimize import linear_sum_assignment


class PrototypeHead(nn.Module):
    """Scores are cosines between the feature and unit-length prototypes."""

    def __init__(self, dim, n_protos):
        super().__init__()
        self.proj = nn.utils.parametrizations.weight_norm(nn.Linear(dim, n_protos, bias=False))
        self.proj.parametrizations.weight.original0.data.fill_(1.0)
        self.proj.parametrizations.weight.original0.requires_grad = False

    def forward(self, feats):
        return self.proj(nn.functional.normalize(feats, dim=-1))


class SelfDistiller(nn.Module):
    def __init__(self, backbone, dim=768, n_protos=128):
        super().__init__()
        self.student = backbone
        self.teacher = copy.deepcopy(backbone)
        self.student_protos = PrototypeHead(dim, n_protos)
        self.teacher_protos = PrototypeHead(dim, n_protos)

    def teacher_prototypes(self):
        w = self.teacher_protos.proj.weight
        return nn.functional.normalize(w, p=2, dim=-1)


def match_protos_to_labels(scores, labels, n):
    pred = scores.argmax(axis=1)
    counts = np.zeros((n, n))
    for p, y in zip(pred, labels):
        counts[p, y] += 1
    _, cols = linear_sum_assignment(counts, maximize=True)
    return {cols[i]: i for i in range(n)}


def prototype_similarity_panel(model, scores, labels, seen_labels, ax):
    n = scores.shape[1]
    label_to_proto = match_protos_to_labels(scores, labels, n)
    protos = model.teacher_prototypes().detach().cpu().numpy()
    # rows are unit length already, so the Gram matrix holds their cosines
    sim = protos @ protos.T
    seen = sorted(label_to_proto[c] for c in seen_labels)
    rest = sorted(set(range(n)) - set(seen))
    order = seen + rest
    ax.imshow(sim[order][:, order], cmap="coolwarm", vmin=-1, vmax=1)
    return sim


if __name__ == "__main__":
    fig, axes = plt.subplots(1, 3, figsize=(15, 5))
    for k, run in enumerate(["split_a", "split_b", "split_c"]):
        blob = torch.load(f"runs/{run}.pt")
        net = blob["model"]
        prototype_similarity_panel(net, blob["scores"], blob["labels"], blob["seen"], axes[k])
        axes[k].set_title(run)
    fig.suptitle("Cosine similarity between prototypes")
    fig.savefig("figures/proto_similarity.png")
