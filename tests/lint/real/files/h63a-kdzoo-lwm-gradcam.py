# Synthetic rewrite of the shape of AberHu/Knowledge-Distillation-Zoo:kd_losses/lwm.py at 65470c846c1300d555815da26999cbe2b51fc815 (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd import grad


def _target_cam(logits, fmap, labels):
    """Grad-CAM of the ground-truth logit w.r.t. a feature map, flattened and unit-normalised."""
    picked = logits.gather(1, labels.view(-1, 1))
    g = grad(outputs=picked, inputs=fmap, grad_outputs=torch.ones_like(picked),
             create_graph=True, retain_graph=True, only_inputs=True)[0]
    alpha = F.adaptive_avg_pool2d(g, 1)
    cam = F.relu((alpha * g).sum(dim=1, keepdim=True))
    cam = cam.flatten(1)
    return F.normalize(cam, p=2, dim=1)


class AttentionCamDistill(nn.Module):
    """Only the attention-map part of 'Learning without Memorizing'."""

    def forward(self, s_logits, s_fmap, t_logits, t_fmap, labels):
        cam_t = _target_cam(t_logits, t_fmap, labels)
        cam_s = _target_cam(s_logits, s_fmap, labels)
        return F.l1_loss(cam_s, cam_t.detach())
