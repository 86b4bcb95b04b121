# cosaudit corpus, synthetic file: same shape as ljrprocc/DataFree/datafree/synthesis/softtarget.py at bf3096bb0b15ea396a3451aa0c6479626f092717 (licence NOASSERTION); new code, no text copied.
"""Soft-target synthesis: draw pseudo features from a Gaussian whose covariance comes from a teacher layer."""
import torch
import torch.nn.functional as F

from .base import BaseSynthesis
from .deepinversion import jitter_and_flip


class GaussianTargetSynthesizer(BaseSynthesis):
    def __init__(self, teacher, student, num_classes, img_size, iterations=1000, lr_g=1e-3,
                 synthesis_batch_size=128, a=1.0, sigma=1.0, T=20, normalizer=None, device="cpu",
                 layer="fc_2"):
        super().__init__(teacher, student)
        self.img_size = img_size
        self.iterations = iterations
        self.lr_g = lr_g
        self.batch = synthesis_batch_size
        self.a, self.sigma, self.T = a, sigma, T
        self.normalizer = normalizer
        self.device = device
        assert layer in ("fc", "fc_2")
        if layer == "fc":
            w = self.teacher.fc.weight
        else:
            last = self.teacher.layer4[-1] if hasattr(self.teacher, "layer4") else self.teacher.block3.layer[-1]
            w = F.adaptive_avg_pool2d(last.conv2.weight, (1, 1)).flatten(1)   # [out_ch, in_ch]
        self.cov, self.R = self._feature_covariance(w)

    def _feature_covariance(self, w):
        w = w.detach().cpu()
        col = w.norm(p=2, dim=0)                          # one norm per input dimension
        R = (w / col.unsqueeze(0)).T @ (w / col.unsqueeze(0))
        s = torch.diag(self.sigma ** 0.5 * torch.ones(R.shape[0]))
        return s @ R @ s, R

    def synthesize(self):
        x = torch.randn(self.batch, *self.img_size, device=self.device, requires_grad=True)
        opt = torch.optim.Adam([x], self.lr_g, betas=(0.5, 0.99))
        dist = torch.distributions.MultivariateNormal(torch.zeros(self.R.shape[0]), self.cov)
        for _ in range(self.iterations):
            t_out, t_feat = self.teacher(self.normalizer(jitter_and_flip(x)), return_features=True)
            fake = dist.rsample((self.batch,)).to(self.device)
            soft = self.teacher.linear(fake).detach()
            loss = F.kl_div(F.log_softmax(soft / self.T, 1), F.softmax(t_out / self.T, 1)) - self.a * t_feat.abs().mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        return {"synthetic": x.detach()}
