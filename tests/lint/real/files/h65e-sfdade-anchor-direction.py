# Synthetic rewrite of the shape of CvNoob/SFDA-DE:solver/anchor_solver.py at 213e138e8065dc3588a53561d28bb6ba25c73f07 (licence Apache-2.0); not the original text.
import torch
import torch.nn.functional as F


class AnchorSolver:
    """Source-free adaptation by estimating the missing source class-conditional features.

    The trained classifier's rows give the direction of each source class; their scale and
    spread are borrowed from target clusters."""

    def __init__(self, net, clustering, n_classes, variance_mult=1.0):
        self.net = net
        self.clustering = clustering
        self.n_classes = n_classes
        self.variance_mult = variance_mult
        self.anchors = F.normalize(net.classifier_weights(), dim=1).cpu()   # unit direction per class
        self.samplers = {}

    def relabel_target(self, target_loader):
        # clustering starts from the classifier rows as initial centres
        self.clustering.set_init_centers(self.net.classifier_weights())
        self.clustering.run(self.net.feature_extractor, target_loader)

    @torch.no_grad()
    def target_stats(self, feats, labels):
        means = torch.zeros(self.n_classes, feats.size(1))
        stds = torch.zeros_like(means)
        for c in range(self.n_classes):
            m = labels == c
            if m.sum() > 1:
                means[c] = feats[m].mean(0)
                stds[c] = feats[m].std(0)
        return means, stds

    def build_samplers(self, feats, labels):
        means, stds = self.target_stats(feats, labels)
        for c in range(self.n_classes):
            scale = means[c].norm(p=2)
            if scale < 1e-3:
                self.samplers[c] = None
                continue
            mu = self.anchors[c] * scale                 # head row direction, target-mean length
            sd = stds[c].clamp(min=1e-4) * self.variance_mult
            self.samplers[c] = torch.distributions.Normal(mu, sd)

    def surrogate_source(self, counts):
        xs, ys = [], []
        for c, n in counts.items():
            if self.samplers.get(c) is None or n == 0:
                continue
            xs.append(self.samplers[c].sample((n,)))
            ys.append(torch.full((n,), c, dtype=torch.long))
        return torch.cat(xs), torch.cat(ys)
