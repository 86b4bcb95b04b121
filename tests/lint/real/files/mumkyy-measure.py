# cosaudit corpus, synthetic file: same shape as mumkyy/RotNet-Neural-Collapse/RNC/Visualizations/Measure.py at e0a19396161fd00e303a2783bb0f12c9b9d6432f (licence NOASSERTION); new code, no text copied.
import torch


class Measure:
    def __init__(self, loader, resolution):
        self.loader = loader
        self.resolution = resolution

    def compute_nc3(self, model, M_dot):
        """Frobenius distance between the normalised classifier and the normalised class-mean matrix."""
        W = model.classifier.weight.detach()
        W_unit = W.T / (torch.linalg.norm(W, ord="fro") + 1e-8)
        M_unit = M_dot / (torch.linalg.norm(M_dot, ord="fro") + 1e-8)
        return torch.linalg.norm(W_unit - M_unit, ord="fro")

    def global_mean(self, model, layer):
        feats = []
        with torch.no_grad():
            for x, _ in self.loader:
                feats.append(layer(model, x).flatten(1))
        return torch.cat(feats).mean(dim=0)
