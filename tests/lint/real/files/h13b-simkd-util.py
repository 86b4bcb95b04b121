# cosaudit corpus, synthetic file: same shape as DefangChen/SimKD/models/util.py at 2b389c31ed7779aea31e7aaf0bb0f2d8b6ac2f01 (licence NOASSERTION); new code, no text copied.
import torch.nn as nn
import torch.nn.functional as F


def _block(cin, cout, k=1):
    return nn.Sequential(nn.Conv2d(cin, cout, k, padding=k // 2, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class ReusedHeadDistill(nn.Module):
    """Project student maps into the teacher's width and score them with the teacher's own classifier."""

    def __init__(self, s_ch, t_ch, squeeze=2):
        super().__init__()
        mid = t_ch // squeeze
        self.project = nn.Sequential(_block(s_ch, mid), _block(mid, mid, 3), _block(mid, t_ch))
        self.pool = nn.AdaptiveAvgPool2d(1)

    def forward(self, s_map, t_map, teacher_head):
        side = min(s_map.shape[2], t_map.shape[2])
        s_map = F.adaptive_avg_pool2d(s_map, side)
        t_map = F.adaptive_avg_pool2d(t_map, side)
        s_proj = self.project(s_map)
        pooled = self.pool(s_proj).flatten(1)
        logits = teacher_head(pooled)          # teacher classifier applied to the student feature
        return s_proj, t_map, logits
