# cosaudit corpus, synthetic file: same shape as wznpub/MMA_Regularization/MMA.py at ecb771a49bf079755fcc273603faf4830b40f5a9 (licence MIT); new code, no text copied.
import torch
import torch.nn.functional as F


def min_angle_penalty(weight):
    """Regulariser that pushes every row of a layer away from its closest neighbour.

    weight: out_features x in_features (conv kernels are flattened first)
    """
    if weight.dim() > 2:
        weight = weight.reshape(weight.size(0), -1)

    unit = F.normalize(weight, p=2, dim=1)
    cosine = unit @ unit.t()

    # remove the diagonal so a row is never its own nearest neighbour
    cosine = cosine - 2.0 * torch.diag_embed(cosine.diagonal())

    closest = cosine.max(dim=1).values.clamp(-0.99999, 0.99999)
    return -torch.acos(closest).mean()


def add_to_loss(model, task_loss, coefficient=0.07):
    reg = 0.0
    for module in model.modules():
        if isinstance(module, (torch.nn.Linear, torch.nn.Conv2d)):
            reg = reg + min_angle_penalty(module.weight)
    return task_loss + coefficient * reg
