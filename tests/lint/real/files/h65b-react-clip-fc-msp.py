# Synthetic rewrite of the shape of JisooHan1/ELL_Jisoo:src/ood_methods/react.py at 4ca81f44f2f7954aded27d4ac9217d1aa0038779 (licence NOASSERTION); not the original text.
import numpy as np
import torch
import torch.nn.functional as F

dev = "cuda" if torch.cuda.is_available() else "cpu"


class PenultimateTap:
    """Keeps the pooled activations that feed the classifier."""

    def __init__(self, net):
        self.net = net.eval()
        self.pooled = None
        net.avgpool.register_forward_hook(self._grab)

    def _grab(self, _mod, _inp, out):
        self.pooled = out.flatten(1)


class ClippedActivationScore(PenultimateTap):
    def __init__(self, net, pct=90):
        super().__init__(net)
        self.pct = pct
        self.cap = None

    @torch.no_grad()
    def fit(self, train_loader):
        acts = []
        for x, _ in train_loader:
            self.net(x.to(dev))
            acts.append(self.pooled)
        flat = torch.cat(acts).flatten().cpu().numpy()
        self.cap = torch.tensor(np.percentile(flat, self.pct), device=dev).float()
        print(f"clip level {self.cap.item():.3f} (p{self.pct})")

    @torch.no_grad()
    def score(self, x):
        self.net(x.to(dev))
        clipped = torch.minimum(self.pooled, self.cap)
        logits = self.net.fc(clipped)
        # an energy variant would be torch.logsumexp(logits, 1)
        probs = F.softmax(logits, dim=1)
        return probs.max(dim=1).values
