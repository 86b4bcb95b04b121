# Synthetic rewrite of the shape of KarhouTam/FL-bench:src/server/pfedsim.py at 06e658bca5af6ce732e25bb7c0f8be321e14a85e (licence GPL-3.0); not the original text.
import torch


class SimilarityWeightedServer:
    """Personalised aggregation where clients whose classifiers agree help each other more."""

    def __init__(self, n_clients, shared_keys):
        self.affinity = torch.eye(n_clients)
        self.shared_keys = shared_keys
        self.personal = {}          # client id -> state dict of that client's model

    def refresh_affinity(self, active):
        for pos, a in enumerate(active):
            for b in active[pos + 1:]:
                head_a = self.personal[a]["classifier.weight"]    # n_classes x d
                head_b = self.personal[b]["classifier.weight"]
                # cosine of the same class row in the two clients' heads, averaged over classes
                per_class = torch.nn.functional.cosine_similarity(head_a, head_b, dim=-1)
                score = max(0.0, float(per_class.mean()))
                self.affinity[a, b] = score
                self.affinity[b, a] = score

    def blend_for(self, cid):
        mix = dict(self.personal[cid])
        w = self.affinity[cid].clone()
        if w.sum() <= 1:
            return mix
        w[cid] = 0.9999
        w = -torch.log1p(-w)
        w = w / w.sum()
        ids = list(self.personal)
        for key in self.shared_keys:
            stacked = torch.stack([self.personal[i][key] for i in ids], dim=-1)
            mix[key] = (stacked * w[ids]).sum(dim=-1)
        return mix
