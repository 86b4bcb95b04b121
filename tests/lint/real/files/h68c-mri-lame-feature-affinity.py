# Synthetic rewrite of the shape of Harshith-vm/TTA-MRI:tta/methods/lame.py at 612482c180ac63bf1acd9b090710e4a641660e66 (licence NOASSERTION); not the original text.
import torch
import torch.nn.functional as F
from tta.base_tta import BaseTTA


class LaplacianSmoothing(BaseTTA):
    """Gradient-free output correction: test samples whose features are neighbours
    should end up with similar label assignments (Laplacian-regularised ML estimate)."""

    def __init__(self, model, device="cuda", neighbours=5, rounds=10):
        super().__init__(model, 0.0, device)
        self.model.eval()
        self.neighbours = neighbours
        self.rounds = rounds

    @torch.no_grad()
    def _embed(self, x):
        if hasattr(self.model, "get_features"):
            return self.model.get_features(x)
        return self.model(x)

    @torch.no_grad()
    def adapt(self, x):
        logits = self.model(x)
        p = logits.softmax(1)
        f = F.normalize(self._embed(x).flatten(1), dim=1)

        # cosine affinity between the batch's own feature vectors
        aff = f @ f.t()
        aff.fill_diagonal_(-1)
        k = min(self.neighbours, aff.size(0) - 1)
        if k < 1:
            return logits
        vals, idx = aff.topk(k, dim=1)
        graph = torch.zeros_like(aff).scatter_(1, idx, vals.clamp(min=0))
        graph = (graph + graph.t()) / 2

        z = p.clone()
        for _ in range(self.rounds):
            z = F.softmax(torch.log(p + 1e-8) + graph @ z, dim=1)
        return torch.log(z + 1e-8)
