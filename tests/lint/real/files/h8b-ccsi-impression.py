# cosaudit corpus, synthetic file: same shape as sanaAyrml/Class-Impresion-for-Data-free-Incremental-Learning/data_synthesis/continual_class_specific_impression.py at 9928accc7d2fb18c477960e49264b659311d02ac (licence NOASSERTION); new code, no text copied.
import numpy as np
import torch


class ImpressionSynth:
    """Synthesise class impressions of earlier classes for data-free incremental learning."""

    def __init__(self, net, conf_mat, alpha, tol, batch, device):
        self.net, self.cm, self.alpha, self.tol = net, conf_mat, alpha, tol
        self.batch, self.device = batch, device

    def soft_targets(self, labels):
        """Dirichlet draws that stay close to each class's row of the confusion matrix."""
        out = torch.zeros(len(labels), len(self.cm), device=self.device)
        for i, y in enumerate(labels):
            ref = self.cm[y] / np.sum(self.cm[y])
            draw = np.random.dirichlet(self.alpha)
            while np.abs(draw - ref).sum() > self.tol:
                draw = np.random.dirichlet(self.alpha)
            out[i] = torch.tensor(draw, device=self.device, dtype=torch.float32)
        return out

    def synthesise(self, labels, steps=200, lr=0.05):
        x = torch.randn(len(labels), 3, 32, 32, device=self.device, requires_grad=True)
        targets = self.soft_targets(labels)
        opt = torch.optim.Adam([x], lr=lr)
        for _ in range(steps):
            logp = torch.log_softmax(self.net(x), dim=1)
            loss = -(targets * logp).sum(1).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        return x.detach()
