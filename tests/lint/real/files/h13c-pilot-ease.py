# cosaudit corpus, synthetic file: same shape as sun-hailong/LAMDA-PILOT/models/ease.py at 264745534fc2233f5a50b020e50a3472c47eb756 (licence MIT); new code, no text copied.
"""Adapter-expansion learner: after each task, fill the old classes' slots in the new
adapter's subspace by borrowing from similar new classes."""
import torch
import torch.nn.functional as F

from models.base import BaseLearner
from utils.inc_net import EaseNet


class Learner(BaseLearner):
    def __init__(self, args):
        super().__init__(args)
        self._network = EaseNet(args, True)
        self.init_cls = args["init_cls"]
        self.inc = args["increment"]

    def class_span(self, task):
        if task == 0:
            return 0, self.init_cls
        start = self.init_cls + (task - 1) * self.inc
        return start, start + self.inc

    def blocks(self, task):
        d = self._network.out_dim
        lo, hi = task * d, (task + 1) * d
        s, e = self.class_span(task)
        W = self._network.fc.weight.data
        new_old_space = W[self._known_classes:, lo:hi]      # new classes, old adapter
        new_new_space = W[self._known_classes:, -d:]        # new classes, new adapter
        old_old_space = W[s:e, lo:hi]                       # old classes, old adapter
        return new_old_space.cpu(), new_new_space.cpu(), old_old_space.cpu()

    def complete_old_classes(self):
        d = self._network.out_dim
        for task in range(self._cur_task):
            s, e = self.class_span(task)
            A, B, A_old = self.blocks(task)
            sim = torch.zeros(len(A_old), len(A))
            for i in range(len(A_old)):
                for j in range(len(A)):
                    sim[i, j] = torch.cosine_similarity(A_old[i], A[j], dim=0)
            mix = F.softmax(sim, dim=1)
            filled = mix @ B
            self._network.fc.weight.data[s:e, -d:] = filled.to(self._device)

    def after_task(self):
        self._known_classes = self._total_classes
