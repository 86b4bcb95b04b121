# Synthetic rewrite of the shape of waychin-weiqin/CoMM:methods.py at 673db3d97d99b1db18184e5bca42df636f2f4dd0 (licence MIT); not the original text.
import torch
import torch.nn.functional as F


def collect_affine_params(model):
    params = []
    for module in model.modules():
        if isinstance(module, torch.nn.BatchNorm2d):
            params += [module.weight, module.bias]
    return params


def adapt_one_pass(model, loader, optimizer, objective="cosine", device="cpu"):
    """Online test-time adaptation: only normalisation affines are updated."""
    for images, _ in loader:
        images = images.to(device)
        model.train()
        optimizer.zero_grad()
        if objective == "cosine":
            fmap = model.extract(images)
            z = F.adaptive_avg_pool2d(fmap, 1).flatten(1)        # (B, C)
            W = model.fc.weight                                    # (classes, C)
            dots = z @ W.t()
            # alignment between each feature and every class weight vector
            cos = dots / (z.norm(dim=1, keepdim=True) * W.norm(dim=1, keepdim=True).t() + 1e-6)
            cos = (cos + 1) / 2
            peak = cos.max(dim=1).values
            loss = -torch.log(peak / cos.sum(dim=1)).mean()
        elif objective == "entropy":
            logits = model(images)
            p = logits.softmax(1)
            loss = -(p * logits.log_softmax(1)).sum(1).mean()
        else:
            logits = model(images)
            target = logits.argmax(1).detach()
            loss = F.cross_entropy(logits, target, label_smoothing=0.2)
        loss.backward()
        optimizer.step()
    return model
