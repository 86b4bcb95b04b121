# Synthetic rewrite of the shape of kangzhiq/MISA:methods/mvp.py at 3308d67e5e08c233ea78e70b507716e9a4417002 (licence MIT); not the original text.
import torch
import torch.nn.functional as F


class BlurryBoundaryLoss:
    """Online CIL loss that reweights samples by gradient agreement and rescales hard features."""

    def __init__(self, model, n_seen, margin=0.5, alpha=0.5, gamma=2.0, rescale=True):
        self.model, self.n_seen = model, n_seen
        self.margin, self.alpha, self.gamma, self.rescale = margin, alpha, gamma, rescale

    def per_sample_row_grads(self, feat, y):
        head = self.model.backbone.fc
        scores = head(feat.detach())
        losses = F.cross_entropy(scores, y, reduction="none")
        rows = []
        for i in range(len(y)):
            losses[i].backward(retain_graph=True)
            rows.append(head.weight.grad[y[i]].clone())
            head.zero_grad()
        F.cross_entropy(scores, y).backward(retain_graph=True)
        batch_rows = head.weight.grad[: self.n_seen].clone()[y]
        head.zero_grad()
        return torch.stack(rows), batch_rows

    def scores(self, feat, y):
        own, batch = self.per_sample_row_grads(feat, y)
        disagreement = 1.0 - torch.cosine_similarity(own, batch, dim=1)
        class_rows = self.model.backbone.fc.weight[y].clone().detach()
        misalignment = 1.0 - torch.cosine_similarity(class_rows, feat, dim=1) + self.margin
        return disagreement, misalignment

    def __call__(self, feat, y):
        disagreement, misalignment = self.scores(feat.detach(), y)
        scaled = feat / misalignment.unsqueeze(1) if self.rescale else feat
        loss = F.nll_loss(F.log_softmax(self.model.forward_head(scaled), dim=1), y)
        return (1 - self.alpha) * loss + self.alpha * (disagreement ** self.gamma) * loss
