# Synthetic rewrite of the shape of LeTeutz/msc-thesis:adaptation/t3a.py at 772d728b09e6e5d717aad14a5df8d59f0adbb5c3 (licence NOASSERTION); not the original text.
import math
import torch
import torch.nn as nn
import torch.nn.functional as F
from .base import BaseAdapter
from .registry import register_adapter


@register_adapter("t3a")
class PrototypeAdjuster(BaseAdapter):
    """Keeps an EMA of per-class mean hidden features and adds their cosine scores to the logits."""

    def __init__(self, model: nn.Module, device, num_classes=10, momentum=0.9, base_temp=0.1):
        super().__init__(model, device)
        self.model.eval()
        self.momentum = momentum
        linears = [m for m in model.fc_layers if isinstance(m, nn.Linear)]
        self.num_classes = linears[-1].out_features if linears else num_classes  # only the width is read
        self.temp = base_temp * (1 + math.log(self.num_classes / 10.0))
        self.class_means = {c: None for c in range(self.num_classes)}
        self.hidden = None
        # capture the output of the layer before the classifier
        linears[-2].register_forward_hook(lambda mod, inp, out: setattr(self, "hidden", out.detach()))

    def _update(self, hidden, logits):
        guess = logits.softmax(1).argmax(1)
        for c in range(self.num_classes):
            sel = guess == c
            if sel.any():
                mean_c = hidden[sel].mean(0, keepdim=True)
                prev = self.class_means[c]
                self.class_means[c] = mean_c if prev is None else self.momentum * prev + (1 - self.momentum) * mean_c

    def _scores(self, hidden):
        h = F.normalize(hidden, dim=1)
        cols = []
        for c in range(self.num_classes):
            mean_c = self.class_means[c]
            if mean_c is None:
                cols.append(torch.zeros(len(h), 1, device=h.device))
            else:
                cols.append(h @ F.normalize(mean_c, dim=1).t() / self.temp)
        return torch.cat(cols, 1)

    def adapt_and_predict(self, x):
        logits = self.model(x)
        if self.hidden is None:
            return logits
        self._update(self.hidden, logits)
        return logits + self._scores(self.hidden)

    def reset(self):
        self.class_means = {c: None for c in range(self.num_classes)}
