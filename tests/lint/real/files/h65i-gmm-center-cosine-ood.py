# Synthetic rewrite of the shape of Jarvisgivemeasuit/our_method:ood_detector_sim.py at 678593d7412774dcf517f24bc6addb5aea90e6e4 (licence MIT); not the original text.
"""Out-of-distribution scoring with per-class Gaussian-mixture centres learned by a
centre loss on a self-supervised projection head.

Each test embedding is split into K sub-vectors; the score for a class is the
mixture-weighted Euclidean distance (or, alternatively, cosine) to that class's K
centres, and the best class score is the OOD score.
"""
import torch
import torch.nn.functional as F


def load_centres(ckpt):
    state = torch.load(ckpt, map_location="cpu")
    mix = state["center_loss"]
    return mix["centers"], mix["gmm_weights"]


def distance_score(centres, mix_w, z):
    n_cls, k, dim = centres.shape
    n = z.shape[0]
    per_class = []
    flat = z.reshape(-1, dim)
    for c in range(n_cls):
        mu = centres[c:c + 1].expand(n, k, dim).reshape(-1, dim)
        d = F.pairwise_distance(flat, mu).reshape(n, k)
        per_class.append((d * mix_w[c]).sum(-1))
    return torch.stack(per_class, dim=1).min(1).values


def cosine_score(centres, mix_w, z):
    n_cls, k, dim = centres.shape
    n = z.shape[0]
    per_class = []
    flat = z.reshape(-1, 1, dim).double()
    for c in range(n_cls):
        mu = centres[c:c + 1].expand(n, k, dim).reshape(-1, 1, dim).double()
        s = torch.cosine_similarity(flat, mu, dim=-1).reshape(n, k)
        per_class.append((s * mix_w[c]).sum(-1))
    return torch.stack(per_class, dim=1).max(1).values


@torch.no_grad()
def score_loader(net, loader, centres, mix_w, use_cosine=False):
    out = []
    for x, _ in loader:
        _, proj = net(x.cuda(non_blocking=True))
        proj = proj.reshape(-1, centres.shape[1], centres.shape[2])
        fn = cosine_score if use_cosine else distance_score
        out.extend(fn(centres, mix_w, proj).cpu().tolist())
    return out
