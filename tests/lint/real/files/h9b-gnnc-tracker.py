# cosaudit corpus, synthetic file: same shape as kvignesh1420/gnn_collapse/gnn_collapse/utils/tracker.py at b87668664cc708861cd07727b186500427607796 (licence Apache-2.0); new code, no text copied.
"""Collapse metrics for graph networks trained on planted-partition graphs.

The runs in configs/ fit the last layer to one-hot community labels with a squared error
(`loss_type: mse`), so W1 / W2 below are the weights of a regression output layer.
"""
import torch

RUN_DEFAULTS = {"loss_type": "mse", "C": 4, "use_W1": False}


class CollapseTracker:
    def __init__(self, args):
        self.args = {**RUN_DEFAULTS, **args}
        self.history = {"W1_etf": [], "W2_etf": [], "H_etf": []}

    def _simplex(self, k, device):
        eye = torch.eye(k, device=device)
        return (eye - torch.ones(k, k, device=device) / k) / (k - 1) ** 0.5

    def etf_gap(self, M):
        """How far the normalised Gram of M's rows is from a simplex ETF (M: weights or class means)."""
        with torch.no_grad():
            k = M.shape[0]
            assert k == self.args["C"]
            gram = M @ M.T
            gram = gram / gram.norm(p="fro")
            return (gram - self._simplex(k, M.device)).norm(p="fro").item()

    def class_means(self, H, labels):
        k = self.args["C"]
        return torch.stack([H[:, labels == c].mean(1) for c in range(k)])

    def step(self, W1, W2, H, labels):
        if self.args["use_W1"]:
            self.history["W1_etf"].append(self.etf_gap(W1))
        self.history["W2_etf"].append(self.etf_gap(W2))
        means = self.class_means(H, labels)
        centred = means - means.mean(0, keepdim=True)
        self.history["H_etf"].append(self.etf_gap(centred))
        return self.history
