# cosaudit corpus, synthetic file: same shape as jacobgil/pytorch-grad-cam/pytorch_grad_cam/finer_cam.py at 084273b3f30b54ad0c64cf8020a4337d979a66e0 (licence MIT); new code, no text copied.
from typing import Callable, List, Optional

import numpy as np
import torch

from pytorch_grad_cam import GradCAM
from pytorch_grad_cam.utils.model_targets import FinerWeightedTarget


class FinerCAM:
    """CAM of 'target minus similar classes', the similar classes picked from the logits."""

    def __init__(self, model, target_layers: List[torch.nn.Module], reshape_transform: Callable = None,
                 base_method=GradCAM):
        self.cam = base_method(model, target_layers, reshape_transform)

    def __call__(self, *args, **kwargs):
        return self.forward(*args, **kwargs)

    def forward(self, x, targets: Optional[list] = None, eigen_smooth=False, alpha=1.0,
                comparison_categories=(1, 2, 3), target_idx: Optional[int] = None):
        x = x.to(self.cam.device)
        logits = self.cam.activations_and_grads(x)
        if targets is None:
            z = logits.detach().cpu().numpy()
            ref = z.max(axis=-1) if target_idx is None else z[:, target_idx]
            # classes whose score is closest to the target's come first
            order = np.argsort(np.abs(z - ref[:, None]), axis=-1)
            targets = [FinerWeightedTarget(int(order[i, 0]), [int(order[i, k]) for k in comparison_categories], alpha)
                       for i in range(z.shape[0])]
        self.cam.model.zero_grad()
        sum(t(o) for t, o in zip(targets, logits)).backward(retain_graph=True)
        per_layer = self.cam.compute_cam_per_layer(x, targets, eigen_smooth)
        return self.cam.aggregate_multi_layers(per_layer)
