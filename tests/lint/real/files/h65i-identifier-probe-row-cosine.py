# Synthetic rewrite of the shape of lois-mla/MechInt-project-probing-identifier-types:linearprobe.py at ee42b75bb4d945be496f53b211497290d3faaf84 (licence NOASSERTION); not the original text.
"""Three-way softmax probes on a code model's residual stream (identifier kind: class / function / variable).

One probe per slice of the data (all prompts, definition sites, call sites); afterwards each
probe's per-class weight row is used as a unit "feature direction" and the same class's
direction is compared across probes by cosine.
"""
import torch
import torch.nn as nn

N_KINDS = 3


class KindProbe(nn.Module):
    def __init__(self, width, n_kinds=N_KINDS):
        super().__init__()
        self.proj = nn.Linear(width, n_kinds, bias=True)

    def forward(self, acts):
        return self.proj(acts)


def fit(probe, acts, kinds, epochs=50, lr=1e-2, bs=32):
    opt = torch.optim.Adam(probe.parameters(), lr=lr)
    ce = nn.CrossEntropyLoss()
    for _ in range(epochs):
        order = torch.randperm(acts.size(0))
        for i in range(0, acts.size(0), bs):
            idx = order[i:i + bs]
            loss = ce(probe(acts[idx]), kinds[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()


def kind_direction(probe, kind, unit=True):
    row = probe.proj.weight.detach()[kind].clone()
    return row / (row.norm() + 1e-8) if unit else row


def compare_slices(acts_all, y_all, acts_def, y_def, acts_call, y_call):
    width = acts_all.shape[1]
    probes = {}
    for name, (a, y) in {"all": (acts_all, y_all), "def": (acts_def, y_def), "call": (acts_call, y_call)}.items():
        probes[name] = KindProbe(width)
        fit(probes[name], a, y)

    for kind in range(N_KINDS):
        dirs = {name: kind_direction(p, kind) for name, p in probes.items()}
        for a, b in [("all", "def"), ("def", "call"), ("all", "call")]:
            agreement = torch.cosine_similarity(dirs[a], dirs[b], dim=0)
            print(f"kind {kind}: direction {a} vs {b} -> {agreement.item():.3f}")
    return probes
