# cosaudit corpus, synthetic file: same shape as MarcLafon/heatood/heat/scorers/vim_scorer.py at 2b68ccdbd514913514ad917af77cbbacd31d6c13 (licence Apache-2.0); new code, no text copied.
import numpy as np
import torch

import heat.lib as lib
from heat.scorers.abstract_scorer import AbastractOODScorer


class VirtualLogitScorer(AbastractOODScorer):
    """Residual norm outside the principal feature subspace, scaled and added to the energy."""

    def __init__(self, num_classes, principal_dim=128, max_fit_iter=np.inf, **kwargs):
        super().__init__(**kwargs)
        self.name = "VirtualLogit"
        self.num_classes = num_classes
        self.principal_dim = principal_dim
        self.max_fit_iter = max_fit_iter
        self.origin = None
        self.residual_basis = None
        self.alpha = 1.0

    def _feats(self, model, data):
        if self.features_dataset:
            return data["avg"].float()
        return lib.get_features(model, data, layer_names=[self.layer_name])["avg"][-1]

    def _fit(self, model, train_loader):
        model.eval()
        origin = -torch.linalg.pinv(model.fc.weight) @ model.fc.bias
        self.origin = origin
        shifted, logits = [], []
        for i, (data, _) in enumerate(train_loader):
            data = lib.to_device(data)
            z = self._feats(model, data)
            logits.append(model.fc(z).detach())
            shifted.append(z - origin)
            if i > self.max_fit_iter:
                break
        Z = torch.cat(shifted)
        logits = torch.cat(logits)
        cov = torch.from_numpy(np.cov(Z.T.cpu().numpy(), bias=True) + 1e-12 * np.eye(Z.shape[1])).float()
        vals, vecs = torch.linalg.eigh(cov.to(Z.device))
        order = torch.argsort(vals, descending=True)[self.principal_dim:]
        self.residual_basis = vecs[:, order].contiguous()
        resid = (Z @ self.residual_basis).norm(dim=-1)
        self.alpha = logits.max(dim=-1).values.mean() / resid.mean()

    @torch.no_grad()
    def score_batch(self, model, data, features_dataset=False):
        data = lib.to_device(data)
        z = self._feats(model, data) - self.origin
        energy = -torch.logsumexp(model.fc(z), dim=1)
        return self.alpha * (z @ self.residual_basis).norm(dim=-1) + energy
