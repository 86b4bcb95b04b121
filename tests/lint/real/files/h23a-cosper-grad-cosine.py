# Synthetic rewrite of the shape of PengchengUp/CosPer:system/flcore/clients/clientcosper.py at 85eade5e6be635a27bc62f925130b927d8219b5f (licence NOASSERTION); not the original text.
import copy

import numpy as np
import torch


class PersonalisedClient:
    def __init__(self, model, lr, loss_fn):
        self.model = model                       # receives the global weights each round
        self.model_per = copy.deepcopy(model)    # stays on the client
        self.opt = torch.optim.SGD(self.model.parameters(), lr=lr, momentum=0.7)
        self.opt_per = torch.optim.SGD(self.model_per.parameters(), lr=lr, momentum=0.7)
        self.loss_fn = loss_fn

    @staticmethod
    def _flatten(grads):
        return np.concatenate([g.detach().cpu().numpy().ravel() for g in grads])

    def grad_cosine(self, grads, grads_per):
        """Cosine between the flattened gradients of the global and the personal model."""
        a, b = self._flatten(grads), self._flatten(grads_per)
        dot_product = float(np.dot(a, b))
        norm_a, norm_b = np.linalg.norm(a), np.linalg.norm(b)
        return dot_product / (norm_a * norm_b)

    def train(self, loader, local_steps):
        beta = 1 - 1 / local_steps
        sim = 0.0
        for _ in range(local_steps):
            for x, y in loader:
                self.opt.zero_grad(); self.loss_fn(self.model(x), y).backward()
                grads = [p.grad for p in self.model.parameters()]
                self.opt.step()
                self.opt_per.zero_grad(); self.loss_fn(self.model_per(x), y).backward()
                grads_per = [p.grad for p in self.model_per.parameters()]
                self.opt_per.step()
            sim = (1 - beta) * sim + beta * self.grad_cosine(grads, grads_per)
        # mix global into personal weights in proportion to the gradient agreement
        for p_per, p in zip(self.model_per.parameters(), self.model.parameters()):
            p_per.data = sim * p.data + (1 - sim) * p_per.data
