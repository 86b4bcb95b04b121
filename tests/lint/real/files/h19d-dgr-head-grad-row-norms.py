# Synthetic rewrite of the shape of JiangpengHe/imbalanced_cil:src/approach/DGR.py at 3118f67b644cd01b581b525761ff640acbbc4d48 (licence NOASSERTION); not the original text.
import numpy as np
import torch


class GradBalancedTrainer:
    """Rescale each class row's gradient by its accumulated gradient norm."""

    def __init__(self, model, optimizer, class_counts, clip=10000.0):
        self.model = model
        self.optimizer = optimizer
        self.class_counts = class_counts
        self.clip = clip
        self.grad_hist = None

    def prior_ce(self, outputs, targets, task):
        prior = torch.tensor(self.class_counts[task], dtype=torch.float, device=targets.device)
        logits = torch.cat(outputs, dim=1) + torch.log(prior / prior.sum())
        return torch.nn.functional.cross_entropy(logits, targets)

    def step_first_task(self, images, targets):
        outputs = self.model(images)
        loss = self.prior_ce(outputs, targets, 0)
        self.optimizer.zero_grad()
        loss.backward()

        row_grad = []
        for head in self.model.heads:
            row_grad.extend(torch.norm(head.weight.grad, dim =1).data.cpu().numpy())
        row_grad = np.asarray(row_grad)
        self.grad_hist = row_grad if self.grad_hist is None else self.grad_hist + row_grad
        scale = self.grad_hist.min() / self.grad_hist

        offset = 0
        for head in self.model.heads:
            n = head.weight.shape[0]
            w = torch.as_tensor(scale[offset:offset + n], dtype=head.weight.dtype, device=head.weight.device)
            head.weight.grad.mul_(w[:, None])
            head.bias.grad.mul_(w)
            offset += n
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.clip)
        self.optimizer.step()
        return loss.item()
