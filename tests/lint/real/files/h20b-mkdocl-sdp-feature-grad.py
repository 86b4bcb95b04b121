# Synthetic rewrite of the shape of Nicolas1203/mkd_ocl:src/learners/sdp/er_sdp.py at 8796e3d562153ffb7a187ea305542b5af4aa334d (licence NOASSERTION); not the original text.
import torch
import torch.nn.functional as F


class ReplayWithDistillBalance:
    """Replay learner that balances cross-entropy against feature distillation per sample."""

    def __init__(self, model, teacher, seen_classes):
        self.model = model
        self.teacher = teacher
        self.seen = seen_classes

    def feature_gradient(self, scores, targets, head_matrix):
        # d CE / d feature = (softmax - onehot) times the rows of the linear head
        n_seen = int(self.seen.max()) + 1
        residual = F.softmax(scores, dim=1) - F.one_hot(targets.long(), n_seen)
        return torch.matmul(residual, head_matrix[:n_seen, :])

    def step(self, images, targets, sample_weight, criterion, optim):
        n_seen = int(self.seen.max()) + 1
        scores, feats = self.model(images, get_feature=True)
        scores = scores[:, :n_seen]
        ce = criterion(scores, targets.long())
        with torch.no_grad():
            _, teacher_feats = self.teacher(images, get_feature=True)
        distill = ((feats - teacher_feats) ** 2).sum(dim=1)

        g = self.feature_gradient(scores.detach(), targets, self.model.fc.weight)
        scale = torch.sqrt((g ** 2).sum(dim=1) / (4 * distill.detach() + 1e-8)).mean()
        loss = ((1 - sample_weight) * ce + scale * sample_weight * distill).mean()
        optim.zero_grad()
        loss.backward()
        optim.step()
        return loss.item()
