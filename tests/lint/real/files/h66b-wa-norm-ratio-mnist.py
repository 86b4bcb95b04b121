# Synthetic rewrite of the shape of ruixiang-wang/Incremental-Learning-Research:LWF-Mnist10/trainer.py at 4e6279c61da73113c0c989394a494bcff1224906 (licence NOASSERTION); not the original text.
import math
from copy import deepcopy

import torch


def mean_row_length(rows):
    lengths = torch.norm(rows, dim=1)
    return lengths.sum() / lengths.shape[0]


class AlignedEvaluator:
    """Evaluates two post-hoc rescalings of the linear head after each increment of 10 classes."""

    def __init__(self, model, seen, step=10):
        self.model = model
        self.seen = seen
        self.step = step

    def _split(self, net):
        w = net.fc.weight.data
        return w[: self.seen - self.step], w[self.seen - self.step : self.seen]

    def variants(self):
        self.model.eval()

        # variant A: stretch the previous-task rows up to the size of the latest rows
        boost_old = deepcopy(self.model).eval()
        prev_rows, latest_rows = self._split(boost_old)
        ratio = mean_row_length(latest_rows) / mean_row_length(prev_rows)
        print("ratio old<-new:", ratio)
        boost_old.fc.weight.data[: self.seen - self.step] = prev_rows * ratio

        # variant B: shrink the latest rows down to the size of the previous-task rows
        shrink_new = deepcopy(self.model).eval()
        prev_rows, latest_rows = self._split(shrink_new)
        ratio = mean_row_length(prev_rows) / mean_row_length(latest_rows)
        blend = math.sqrt(mean_row_length(prev_rows) ** 2 + mean_row_length(latest_rows) ** 2)
        print("ratio new<-old:", ratio, "blend:", blend)
        shrink_new.fc.weight.data[self.seen - self.step : self.seen] = latest_rows * ratio

        return boost_old.cuda(), shrink_new.cuda()
