# Synthetic rewrite of the shape of kalenforn/clip-based-cross-modal-hash:models/DNPH/loss/loss.py at 3491b85ec72cbdba5420020c07499a2fd0a77cb4 (licence MIT); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class HashProxyObjective(nn.Module):
    """Proxy term on unit-length codes plus cross entropy on the two prediction heads."""

    def __init__(self, n_labels=80, code_bits=16, margin=1.0):
        super().__init__()
        self.anchor_table = nn.Parameter(torch.randn(n_labels, code_bits) * 0.125)
        self.margin = margin
        self.ce = nn.CrossEntropyLoss()

    def forward(self, img_code, txt_code, img_logits, txt_logits, img_y, txt_y):
        img_y = img_y.to(img_code.device)
        txt_y = txt_y.to(img_code.device)
        codes = F.normalize(torch.cat([img_code, txt_code], dim=0), p=2, dim=-1)
        targets = torch.cat([img_y, txt_y], dim=0)
        anchors = F.normalize(self.anchor_table, p=2, dim=-1)

        sq_dist = torch.cdist(codes, anchors).pow(2)
        sq_dist = sq_dist + self.margin * (targets == 1).float()
        proxy_term = -(targets * F.log_softmax(-sq_dist, dim=1)).sum(dim=1).mean()

        head_term = self.ce(img_logits, img_y.argmax(dim=-1)) + self.ce(txt_logits, txt_y.argmax(dim=-1))
        return proxy_term + head_term
