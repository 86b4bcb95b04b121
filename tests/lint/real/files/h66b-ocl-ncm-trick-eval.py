# Synthetic rewrite of the shape of RaptorMai/online-continual-learning:agents/base.py at 6175ca034e56435acd82b8f17ff59f920f0bc45e (licence NOASSERTION); not the original text.
import numpy as np
import torch


class OnlineLearnerEvalSketch:
    """Evaluation step of an online continual learner with the nearest-class-mean trick."""

    def __init__(self, model, memory, seen_labels, use_ncm=True):
        self.model = model
        self.memory = memory                # replay buffer with .images / .labels / .filled
        self.seen_labels = list(seen_labels)
        self.use_ncm = use_ncm

    @torch.no_grad()
    def _class_centres(self):
        per_class = {c: [] for c in self.seen_labels}
        for img, lab in zip(self.memory.images[: self.memory.filled], self.memory.labels[: self.memory.filled]):
            per_class[int(lab)].append(img)
        centres = {}
        for c, imgs in per_class.items():
            if not imgs:
                probe = self.model.features(self.memory.images[:1])
                centre = torch.randn_like(probe.squeeze())
            else:
                embs = torch.stack([self.model.features(x[None]).squeeze() for x in imgs])
                embs = embs / embs.norm(dim=1, keepdim=True)
                centre = embs.mean(0)
            centres[c] = centre / centre.norm()
        return centres

    @torch.no_grad()
    def evaluate(self, loaders):
        self.model.eval()
        centres = self._class_centres() if self.use_ncm else None
        accs = np.zeros(len(loaders))
        for t, loader in enumerate(loaders):
            right = total = 0
            for x, y in loader:
                if self.use_ncm:
                    f = self.model.features(x)
                    f = f / f.norm(dim=1, keepdim=True)
                    table = torch.stack([centres[c] for c in self.seen_labels])      # (classes, dim)
                    gaps = (f[:, None, :] - table[None]).pow(2).sum(-1)             # squared distances
                    pred = torch.as_tensor(np.array(self.seen_labels))[gaps.argmin(1).cpu()]
                else:
                    pred = self.model(x).argmax(1).cpu()
                right += (pred == y.cpu()).sum().item()
                total += y.numel()
            accs[t] = right / max(total, 1)
        return accs
