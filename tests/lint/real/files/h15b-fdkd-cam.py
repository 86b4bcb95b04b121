# cosaudit corpus, synthetic file: same shape as MingNhayMua/FDKD-Fusion-Decoupled-Knowledge-Distillation/backend/visualization/gradcam.py at c003b6c12d1a820112a6ce9c9c317eaa16d866c2 (licence NOASSERTION); new code, no text copied.
"""Class activation maps for the teacher and student checkpoints of the distillation demo."""
import os

import numpy as np
import torch
import torch.nn as nn
from torchvision import models as tvm

from backend.config import CHECKPOINT_DIR, DEVICE, IMAGE_SIZE
from backend.visualization.smoothing import normalise_and_blur

N_CLASSES = 200


def _load_student(role):
    net = tvm.resnet18(weights=None)
    net.fc = nn.Linear(net.fc.in_features, N_CLASSES)
    path = os.path.join(CHECKPOINT_DIR, f"{role}_r18.pth")
    if not os.path.exists(path):
        return None
    state = torch.load(path, map_location="cpu")
    state = state.get("state_dict", state)
    state = {k.split(".", 1)[1] if k.startswith(("backbone.", "head.")) else k: v for k, v in state.items()}
    net.load_state_dict(state, strict=False)
    return net.to(DEVICE).eval()


def student_heatmap(role, image, class_idx):
    net = _load_student(role)
    if net is None:
        return np.full((IMAGE_SIZE, IMAGE_SIZE), 0.5, dtype=np.float32)
    with torch.no_grad():
        x = image.clone().to(DEVICE)
        for block in (net.conv1, net.bn1, net.relu, net.maxpool, net.layer1, net.layer2, net.layer3, net.layer4):
            x = block(x)
        _, C, H, W = x.shape
        spatial = x.view(C, H * W)
        w = net.fc.weight[class_idx]  # (512,) weight row of the chosen class
        # contribution of every position to that class's logit: w . f_ij
        heat = (spatial.T * w.unsqueeze(0)).sum(dim=-1).view(H, W).cpu().numpy()
    return normalise_and_blur(heat)
