# Synthetic rewrite of the shape of ExplainableML/ImageFreeZSL:baselines/conse.py at f009293a2886e0123ac938b6b0df8c16d8c2328d (licence NOASSERTION); not the original text.
# ConSE-style zero-shot baseline: the seen-class softmax output mixes the seen
# classes' attribute vectors, and the mixture is matched to candidate attribute
# vectors by cosine. Only descriptor vectors are compared, never classifier rows.
import torch
import torch.nn as nn


class ConvexSemanticBaseline:
    def __init__(self, classifier, seen_attrs, candidate_attrs, chunk=256, device="cpu"):
        self.classifier = classifier.to(device).eval()
        self.seen_attrs = seen_attrs.to(device)           # (n_seen, a)
        self.candidate_attrs = candidate_attrs.to(device)  # (n_candidates, a)
        self.chunk = chunk
        self.device = device

    @torch.no_grad()
    def predict(self, feats):
        angle = nn.CosineSimilarity(dim=1, eps=1e-8)
        picks = []
        for lo in range(0, feats.shape[0], self.chunk):
            batch = feats[lo:lo + self.chunk].to(self.device)
            probs = torch.softmax(self.classifier(batch), dim=1)          # (b, n_seen)
            mixed = (probs.unsqueeze(-1) * self.seen_attrs).sum(dim=1)     # (b, a)
            for vec in mixed:
                scores = angle(vec.unsqueeze(0), self.candidate_attrs)     # (n_candidates,)
                picks.append(int(scores.argmax()))
        return torch.tensor(picks)

    def per_class_accuracy(self, feats, labels, classes):
        guesses = self.predict(feats)
        accs = []
        for c in classes:
            hit = labels == c
            accs.append((guesses[hit] == c).float().mean())
        return torch.stack(accs).mean()
