# Synthetic rewrite of the shape of HXuSz11/BiCyc_ICLR2026:src/lip_utils.py at 73c9717621cfdb9d47d2a07b74809b1c2156a046 (licence NOASSERTION); not the original text.
import math
import torch
import torch.nn as nn


def top_singular_value(layer: nn.Linear, steps: int = 50) -> float:
    """Largest singular value of a dense layer's weight, by power iteration."""
    W = layer.weight.detach().double()
    v = torch.randn(W.shape[1], dtype=W.dtype, device=W.device)
    v = v / (v.norm() + 1e-12)
    for _ in range(steps):
        u = W @ v
        if u.norm().item() == 0.0:
            return 0.0
        u = u / u.norm()
        v = W.t() @ u
        if v.norm().item() == 0.0:
            return 0.0
        v = v / v.norm()
    return float((W @ v).norm().item())


def bn_gain(bn: nn.BatchNorm2d) -> float:
    scale = 1.0 / torch.sqrt(bn.running_var.detach() + bn.eps)
    if bn.affine:
        scale = scale * bn.weight.detach().abs()
    return float(scale.max().item())


def lipschitz_product(model: nn.Module, conv_norm, in_hw=(32, 32), fc_steps=50):
    """Multiply per-layer operator norms of a ResNet to bound its Lipschitz constant."""
    model.eval()
    terms = {}
    bound = conv_norm(model.conv1) * bn_gain(model.bn1)
    for name in ["layer1", "layer2", "layer3", "layer4"]:
        for i, blk in enumerate(getattr(model, name)):
            main = conv_norm(blk.conv1) * bn_gain(blk.bn1) * conv_norm(blk.conv2) * bn_gain(blk.bn2)
            terms[f"{name}.{i}"] = main + 1.0
            bound *= terms[f"{name}.{i}"]
    terms["pool"] = 1.0 / math.sqrt(in_hw[0] * in_hw[1] // 64)
    bound *= terms["pool"]
    if isinstance(getattr(model, "fc", None), nn.Linear):
        terms["fc"] = top_singular_value(model.fc, fc_steps)
        bound *= terms["fc"]
    terms["bound"] = bound
    return terms
