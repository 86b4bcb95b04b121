# cosaudit corpus, synthetic file: same shape as DanielProjects777/NeuralCollapse_SVSL/analysis.py at 264c58a97d57b5e981c33341233a3c9a2415a788 (licence NOASSERTION); new code, no text copied.
"""Per-layer collapse statistics collected with forward hooks."""
import torch


class LayerCollapse:
    def __init__(self, model, loader, num_classes):
        self.model, self.loader, self.C = model, loader, num_classes
        self.out = None

    def _hook(self, _m, _inp, output):
        self.out = output.detach()

    def class_means(self, layer):
        h = layer.register_forward_hook(self._hook)
        sums, counts = None, torch.zeros(self.C)
        with torch.no_grad():
            for x, y in self.loader:
                self.model(x)
                f = self.out.flatten(1).cpu()
                if sums is None:
                    sums = torch.zeros(self.C, f.shape[1])
                for c in range(self.C):
                    sel = y == c
                    sums[c] += f[sel].sum(0)
                    counts[c] += sel.sum()
        h.remove()
        return sums / counts[:, None]

    def ncc_mismatch(self, layer):
        means = self.class_means(layer)
        h = layer.register_forward_hook(self._hook)
        miss = total = 0
        with torch.no_grad():
            for x, _ in self.loader:
                net_pred = self.model(x).argmax(1)
                f = self.out.flatten(1).cpu()
                ncc_pred = torch.cdist(f, means).argmin(1)
                miss += (ncc_pred != net_pred.cpu()).sum().item()
                total += f.shape[0]
        h.remove()
        return miss / total
