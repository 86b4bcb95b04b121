# Synthetic rewrite of the shape of zhyx12/CRCo:CRCo/models/basic_mix_contrastive_model.py at d4611eb0bdb8c10094df149fe3b7a2b2a544dd3f (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class MixContrastiveModel(nn.Module):
    """Online/target (EMA) networks; the contrastive embedding is rebuilt from the class rows."""

    def __init__(self, backbone, head, ema_backbone, ema_head, fusion="rebuild_twice",
                 normalize=True, normalize_rows=False):
        super().__init__()
        self.online_net, self.online_head = backbone, head
        self.ema_net, self.ema_head = ema_backbone, ema_head
        self.fusion = fusion
        self.normalize = normalize
        self.normalize_rows = normalize_rows

    def _rows(self, which):
        head = self.online_head if which == "online" else self.ema_head
        return head.fc2.weight.detach()

    def fuse(self, feat, prob, which="online"):
        if self.fusion == "prob":
            return prob
        if self.fusion == "feat":
            return feat
        rows = self._rows(which)
        if (not self.normalize) or self.normalize_rows:
            rows = F.normalize(rows, dim=1)
        if self.fusion == "rebuild":
            return prob @ rows                          # probability-weighted sum of class rows
        if self.fusion == "rebuild_twice":
            soft = F.softmax(feat @ rows.t() / self.online_head.temp, dim=1)
            return soft @ rows
        raise RuntimeError("unknown fusion")

    def forward_pair(self, x_strong, x_weak, which="online"):
        net = self.online_net if which == "online" else self.ema_net
        head = self.online_head if which == "online" else self.ema_head
        feat = net(torch.cat([x_strong, x_weak]))
        logits = head(feat)
        prob = logits.softmax(-1)
        emb = self.fuse(feat, prob, which)
        if self.normalize:
            emb = F.normalize(emb, dim=1)
        n = x_strong.size(0)
        return {"strong_logits": logits[:n], "weak_logits": logits[n:],
                "strong_emb": emb[:n], "weak_emb": emb[n:]}
