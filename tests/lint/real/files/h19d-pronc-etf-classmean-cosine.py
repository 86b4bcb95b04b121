# Synthetic rewrite of the shape of Continue-Edge-AI-Lab/ProNC:models/exorth_ce_svd_L2_norm.py at b593fe6a294bcab5f2ee800d6c60e9b83aa015f8 (licence MIT); not the original text.
import math
import numpy as np
import torch
import torch.nn.functional as F


class SimplexTargetLearner:
    """Regress features onto a growing simplex (ETF) of fixed class targets."""

    def __init__(self, net, n_per_task, dim=512, device="cpu"):
        self.net = net
        self.n_per_task = n_per_task
        self.dim = dim
        self.device = device
        self.basis = None          # dim x K orthonormal columns
        self.etf = None        # dim x K simplex columns
        self.seen = 0
        self.past_targets = []
        self.means = None

    def predict(self, x):
        with torch.no_grad():
            z = self.net(x, returnt="features")
            return z @ self.etf[:, : self.seen]

    def basis_from_means(self, means):
        k = means.shape[0]
        centred = F.normalize(means - means.mean(dim=0), dim=1)
        proj = torch.eye(k) - torch.full((k, k), 1.0 / k)
        raw = (centred.T / math.sqrt(k / (k - 1))) @ torch.linalg.pinv(proj)
        u, _, vt = torch.linalg.svd(raw, full_matrices=False)
        self.basis = (u @ vt).cpu().numpy()

    def grow_basis(self, extra):
        fresh = np.random.randn(self.basis.shape[0], extra)
        for a in range(extra):
            vec = fresh[:, a]
            for b in range(self.basis.shape[1]):
                vec -= np.dot(self.basis[:, b], vec) * self.basis[:, b]
            for b in range(a):
                vec -= np.dot(fresh[:, b], vec) * fresh[:, b]
            fresh[:, a] = vec / np.linalg.norm(vec)
        self.basis = np.hstack([self.basis, fresh])

    def build_targets(self):
        k = self.basis.shape[1]
        centre = torch.eye(k) - torch.ones(k, k) / k
        simplex = torch.tensor(self.basis).float() @ centre * math.sqrt(k / (k - 1))
        self.etf = F.normalize(simplex, dim=0).to(self.device)

    def after_task(self, task):
        pass
        # diagnostics, switched off:
        # align = F.cosine_similarity(self.etf, F.normalize(self.means).T, dim=0)
        # print(f"task {task}: mean-to-target cosine", align, align.mean())
        # for t, old in enumerate(self.past_targets):
        #     drift = F.cosine_similarity(old, self.etf[:, : old.size(1)], dim=0)
        #     print(f"task {t}: target drift", drift.mean())
        # self.past_targets.append(self.etf)
