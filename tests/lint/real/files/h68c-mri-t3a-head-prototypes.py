# Synthetic rewrite of the shape of Harshith-vm/TTA-MRI:tta/methods/t3a.py at 612482c180ac63bf1acd9b090710e4a641660e66 (licence NOASSERTION); not the original text.
import torch
import torch.nn.functional as F
from tta.base_tta import BaseTTA


class HeadTemplateTTA(BaseTTA):
    """Backprop-free template adjustment: class templates start as the trained head's rows,
    live on the unit sphere and are nudged toward confident test features."""

    def __init__(self, model, device="cuda", n_classes=2, keep_frac=0.1, scale=10.0, momentum=0.9):
        super().__init__(model, lr=0.0, device=device)
        self.n_classes = n_classes
        self.keep_frac = keep_frac
        self.scale = scale
        self.momentum = momentum
        self.model.eval()
        rows = self._head_rows()
        self.templates = F.normalize(rows, dim=1)  # one unit vector per class

    def _head_rows(self):
        # the output layer is the Linear whose width equals the number of classes
        for module in self.model.modules():
            if isinstance(module, torch.nn.Linear) and module.out_features == self.n_classes:
                return module.weight.data.clone().float()
        raise ValueError("no classification head found")

    def _embed(self, x):
        if hasattr(self.model, "forward_features") and hasattr(self.model, "forward_head"):
            f = self.model.forward_features(x)
            return self.model.forward_head(f, pre_logits=True).flatten(1).float()
        if hasattr(self.model, "get_features"):
            return self.model.get_features(x).flatten(1).float()
        raise RuntimeError("cannot reach the penultimate layer")

    @torch.no_grad()
    def adapt(self, x):
        z = F.normalize(self._embed(x), dim=1)
        scores = self.scale * (z @ self.templates.T)  # cosine to each class template
        conf, guess = scores.softmax(1).max(1)
        top = conf.topk(max(1, int(len(x) * self.keep_frac))).indices
        for c in range(self.n_classes):
            pick = guess[top] == c
            if pick.any():
                centre = F.normalize(z[top][pick].mean(0), dim=0)
                mixed = self.momentum * self.templates[c] + (1 - self.momentum) * centre
                self.templates[c] = F.normalize(mixed, dim=0)
        return scores
