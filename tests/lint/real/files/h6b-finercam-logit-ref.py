# cosaudit corpus, synthetic file: same shape as Imageomics/Finer-CAM/pytorch_grad_cam/finer_cam.py at 0b785212a300805c9534fa926bf7d3e5d9758140 (licence NOASSERTION); new code, no text copied.
import numpy as np
import torch


class ContrastiveCAM:
    """explain class c against the classes whose scores are closest to it for this image"""

    def __init__(self, base_cam):
        self.base = base_cam

    def __call__(self, images, alpha=1.0, rivals=(1, 2, 3)):
        scores = self.base.forward_scores(images).detach().cpu().numpy()
        plans = []
        for row in scores:
            top = row.max()
            gap = np.abs(row - top)
            order = np.argsort(gap)
            plans.append((int(order[0]), [int(order[i]) for i in rivals]))
        targets = [self.base.weighted_target(main, others, alpha) for main, others in plans]
        return self.base.maps(images, targets), plans
