# Synthetic rewrite of the shape of geonwoo123/nc-plasticity:utils/neural_collapse.py at 0ceb02b2f59c32f47309a51b0c05badea782234c (licence NOASSERTION); not the original text.
"""Per-session neural-collapse probes for a few-shot class-incremental learner."""
import math

import torch
import torch.nn.functional as F


def simplex_gram(k, device="cpu"):
    """Gram matrix of a k-class simplex equiangular tight frame."""
    return (torch.eye(k, device=device) - torch.full((k, k), 1.0 / k, device=device)) * math.sqrt(k / (k - 1))


def _fro_gap(a, b):
    return torch.linalg.norm(a / torch.linalg.norm(a) - b / torch.linalg.norm(b)).item()


class CollapseProbe:
    @staticmethod
    def nc2_head(head_w):
        """Equiangularity of the classifier: unit rows, cosine Gram, distance to the ETF."""
        W_norm = F.normalize(head_w, dim=1)
        WWT = W_norm @ W_norm.T
        return _fro_gap(WWT, simplex_gram(head_w.shape[0], head_w.device))

    @staticmethod
    def nc2_split(head_w, n_base):
        """Split the cosine Gram of the head into base/base, new/new and base/new blocks."""
        n_all = head_w.shape[0]
        if n_all <= n_base:
            return {}
        unit = F.normalize(head_w, dim=1)
        G = unit @ unit.T
        E = simplex_gram(n_all, head_w.device)
        b = slice(0, n_base)
        n = slice(n_base, n_all)
        return {
            "base_base": _fro_gap(G[b, b], E[b, b]),
            "new_new": _fro_gap(G[n, n], E[n, n]),
            "base_new": _fro_gap(G[b, n], E[b, n]),
        }

    @staticmethod
    def nc3(feats, ys, head_w):
        cls = ys.unique(sorted=True)
        means = torch.stack([feats[ys == c].mean(0) for c in cls])
        return torch.linalg.norm(F.normalize(head_w[cls], dim=1) - F.normalize(means, dim=1)).item()

    @classmethod
    def session_report(cls, feats, ys, head_w, session, n_base):
        report = {"session": session, "NC2": cls.nc2_head(head_w), "NC3": cls.nc3(feats, ys, head_w)}
        report.update(cls.nc2_split(head_w, n_base))
        return report
