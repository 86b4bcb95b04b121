# cosaudit corpus, synthetic file: same shape as ThiliniDahanayaka/Open-Set-Traffic-Classification/Experiments/AWF/openmax.py at 673320b86dcaf72dcdeae5159b3b8ce91ac5e19c (licence NOASSERTION); new code, no text copied.
"""OpenMax recalibration for website-fingerprinting traces."""
import numpy as np
import scipy.spatial.distance as ssd
import libmr


class OpenMaxLayer:
    def __init__(self, decision_dist_fn="eucos", tailsize=20, alpharank=5):
        self.decision_dist_fn = decision_dist_fn
        self.tailsize = tailsize
        self.alpharank = alpharank

    def dist_to_means(self, av, means):
        if self.decision_dist_fn == "euclidean":
            return ssd.cdist(av, means, metric="euclidean") / 200
        if self.decision_dist_fn == "eucos":
            return ssd.cdist(av, means, metric="euclidean") / 200 + ssd.cdist(av, means, metric="cosine")
        if self.decision_dist_fn == "cos":
            return ssd.cdist(av, means, metric="cosine")
        raise ValueError(self.decision_dist_fn)

    def fit(self, av, probs, onehot):
        """av: activation vectors (logits) of training traces."""
        n_cls = onehot.shape[1]
        hit = probs.argmax(1) == onehot.argmax(1)
        av, lab = av[hit], onehot[hit].argmax(1)
        self.means = np.stack([av[lab == c].mean(0) for c in range(n_cls)])
        self.models = []
        for c in range(n_cls):
            d = self.dist_to_means(av[lab == c], self.means[c:c + 1]).ravel()
            mr = libmr.MR()
            mr.fit_high(np.sort(d)[-self.tailsize:], self.tailsize)
            self.models.append(mr)

    def recalibrate(self, av):
        ranks = np.argsort(-av, axis=1)[:, :self.alpharank]
        weights = np.zeros_like(av)
        for i in range(av.shape[0]):
            for r, c in enumerate(ranks[i]):
                d = self.dist_to_means(av[i:i + 1], self.means[c:c + 1])[0, 0]
                weights[i, c] = self.models[c].w_score(d) * (self.alpharank - r) / self.alpharank
        revised = av * (1 - weights)
        unknown = (av * weights).sum(1, keepdims=True)
        scores = np.concatenate([revised, unknown], axis=1)
        e = np.exp(scores - scores.max(1, keepdims=True))
        return e / e.sum(1, keepdims=True)
