# cosaudit corpus, synthetic file: same shape as alexdesko/Neural-Collapse-Project/results.py at ba09aa82055e2dea0d83b11c450483020dcb913f (licence NOASSERTION); new code, no text copied.
import torch


class Tracker:
    def __init__(self):
        self.metrics = {"NC2": [], "NC3": [], "features_mean": [], "features_std": []}

    def update(self, model, M_centered, num_classes, device):
        weights = model.classifier.weight.detach()
        M_norms = torch.norm(M_centered, 2, dim=0)
        self.metrics["features_mean"].append(M_norms.mean().item())
        self.metrics["features_std"].append(M_norms.std().item())

        # NC2 - maximal equiangularity
        def coherence(V):
            G = V.T @ V
            G += torch.ones((num_classes, num_classes), device=device) / (num_classes - 1)
            G -= torch.diag(torch.diag(G))
            return torch.norm(G, 1) / (num_classes * (num_classes - 1))

        NC2 = coherence(weights.T / torch.norm(weights.T, dim=0))
        self.metrics["NC2"].append(NC2.item())

        # NC3 - self-duality
        normalized_W = weights.T / torch.norm(weights, "fro")
        normalized_M = M_centered / torch.norm(M_centered, "fro")
        self.metrics["NC3"].append(torch.norm(normalized_W - normalized_M).item())
