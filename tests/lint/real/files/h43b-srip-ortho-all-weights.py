# Synthetic rewrite of the shape of Dev-Jahn/Fed-Framework:losses.py at 1df85ad94108c22e7f5e55a22be1528a26bb033a (licence NOASSERTION); not the original text.
import torch
from torch import nn


class CrossEntropyWithExtras(nn.CrossEntropyLoss):
    def forward(self, logits, labels, **kw):
        return super().forward(logits, labels), None


class SpectralOrthoLoss(CrossEntropyWithExtras):
    """Cross-entropy plus a spectral penalty pushing every weight matrix towards orthogonality."""

    def forward(self, logits, labels, **kw):
        model, coeff = kw["model"], kw["decay"]
        ce, _ = super().forward(logits, labels)
        penalty = self.spectral_penalty(model)
        return ce + coeff * penalty, penalty

    @staticmethod
    def spectral_penalty(model):
        dev = next(model.parameters()).device
        total = None
        for W in model.parameters():          # conv kernels and the final Linear alike
            if W.ndimension() < 2:
                continue
            fan = W[0].numel()
            flat = W.view(-1, fan)
            if flat.shape[0] > fan:
                gram, eye = flat.t() @ flat, torch.eye(fan, device=dev)
            else:
                gram, eye = flat @ flat.t(), torch.eye(flat.shape[0], device=dev)
            resid = gram - eye
            # one power-iteration step estimates the top singular value of the residual
            probe = torch.rand(resid.shape[1], 1, device=dev)
            u = resid @ probe
            u = u / u.norm()
            sigma_sq = (resid @ u).norm() ** 2
            total = sigma_sq if total is None else total + sigma_sq
        return total
