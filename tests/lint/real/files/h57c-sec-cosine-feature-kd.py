# Synthetic rewrite of the shape of RiccardoCasciotti/Class-Incremental-SEC:cil_model_training_script.py at 4c7fa03aa764168b51a3f5ee753a4407a1c09d7c (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


def incremental_epoch(net, frozen_net, loader, opt, criterion, n_new, temp=2.0,
                      cls_share=0.5, distil_logits=True, distil_maps=True):
    """One epoch of class-incremental sound-event training on log-mel clips."""
    net.train()
    kl = nn.KLDivLoss(reduction="batchmean")
    for spec, target, _ in loader:
        logits, maps = net(spec)
        loss = cls_share * criterion(logits[:, -n_new:], target[:, -n_new:])

        if distil_logits:
            with torch.no_grad():
                old_logits, _ = frozen_net(spec)
            seen = logits[:, : old_logits.shape[1]]
            loss = loss + (1 - cls_share) * kl(
                F.log_softmax(seen / temp, dim=1), F.softmax(old_logits / temp, dim=1)
            ) * temp ** 2

        if distil_maps:
            # keep the convolutional feature maps of the new model aligned with the old ones
            with torch.no_grad():
                _, old_maps = frozen_net(spec)
            a = F.normalize(old_maps.reshape(-1), p=2, dim=0)
            b = F.normalize(maps.reshape(-1), p=2, dim=0)
            loss = loss + (1.0 - F.cosine_similarity(a, b, dim=0))

        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()
