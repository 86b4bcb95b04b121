# cosaudit corpus, synthetic file: same shape as zhoudw-zdw/CVPR22-Fact/models/fact/fscil_trainer.py at 825933b118e154a6e8736dec78cc68f927fb72c4 (licence NOASSERTION); new code, no text copied.
import copy
import torch
import torch.nn.functional as F


class ForwardCompatibleTrainer:
    def __init__(self, args, model):
        self.args, self.model = args, model

    def after_base_session(self):
        fc = copy.deepcopy(self.model.fc.weight.detach())
        self.virtual_rows = F.normalize(fc[self.args.base_class:], p=2, dim=-1)   # reserved virtual classes

    @torch.no_grad()
    def evaluate(self, loader, n_seen):
        real_rows = F.normalize(self.model.fc.weight[:n_seen], p=2, dim=-1)
        virtual_to_real = self.virtual_rows @ real_rows.T
        virtual_to_real = F.softmax(virtual_to_real, dim=1)
        correct = total = 0
        for x, y in loader:
            emb = F.normalize(self.model.encode(x), dim=-1)
            v_scores = emb @ self.virtual_rows.T
            top, idx = v_scores.topk(40, dim=1)
            sparse = torch.zeros_like(v_scores).scatter(1, idx, top)
            mixed = self.args.eta * F.softmax(sparse @ virtual_to_real, dim=1)
            mixed = mixed + (1 - self.args.eta) * F.softmax(self.model.logits(x)[:, :n_seen], dim=1)
            correct += (mixed.argmax(1) == y).sum().item()
            total += y.numel()
        return correct / total
