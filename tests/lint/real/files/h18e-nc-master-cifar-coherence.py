# Synthetic rewrite of the shape of mariuslindegaard/neuralcollapse-master:cifar_measurements.py at 121d225c077f76a072d9f2b9a72e9d9f224a786a (licence NOASSERTION); not the original text.
import collections

import torch


class NCLog(collections.UserDict):
    """One list per collapse statistic, appended once per stored checkpoint."""

    keys_tracked = ("acc", "sw_sb", "w_norm_cv", "cos_M", "cos_W", "wm_dist")

    def __init__(self, **kw):
        super().__init__(**kw)
        for k in self.keys_tracked:
            self[k] = []

    def measure(self, net, loader, num_classes, use_cuda=False):
        grabbed = {}
        head = net.conv5_sub.conv  # the last 1x1 conv plays the role of the linear classifier
        head.register_forward_hook(lambda m, i, o: grabbed.__setitem__("h", i[0].detach()))

        totals = [0.0] * num_classes
        counts = [0] * num_classes
        with torch.no_grad():
            for xb, yb in loader:  # targets arrive one-hot from the config-driven loader
                net(xb)
                feats = grabbed["h"].flatten(1)
                cls = yb.argmax(dim=1)
                for c in range(num_classes):
                    sel = feats[cls == c]
                    if len(sel):
                        totals[c] = totals[c] + sel.sum(0)
                        counts[c] += sel.shape[0]
        M = torch.stack([totals[c] / counts[c] for c in range(num_classes)]).T
        M_ = M - M.mean(dim=1, keepdim=True)

        W = head.weight.view(num_classes, -1)
        W_norms = torch.norm(W.T, dim=0)
        M_norms = torch.norm(M_, dim=0)
        self["w_norm_cv"].append((W_norms.std() / W_norms.mean()).item())
        self["wm_dist"].append(torch.norm(W.T / torch.norm(W) - M_ / torch.norm(M_)).pow(2).item())

        def coherence(V, C):
            G = V.T @ V + torch.ones((C, C)) / (C - 1)
            G = G - torch.diag(torch.diag(G))
            return G.abs().sum().item() / (C * (C - 1))

        self["cos_M"].append(coherence(M_ / M_norms, num_classes))
        self["cos_W"].append(coherence(W.T / W_norms, num_classes))
        return self
