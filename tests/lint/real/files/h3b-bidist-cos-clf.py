# cosaudit corpus, synthetic file: same shape as LinglanZhao/BiDistFSCIL/methods/cosine_classifier.py at fe6e5ae71829d173c7a1383206f15a29943bfac5 (licence NOASSERTION); new code, no text copied.
import torch
import torch.nn as nn
import torch.nn.functional as F


class IncrementalCosineHead(nn.Module):
    def __init__(self, args, trained, base_way, n_way):
        super().__init__()
        self.args = args
        self.base_way = base_way
        self.scale = nn.Parameter(torch.tensor(16.0), requires_grad=False)
        self.w_fixed = trained.joint_weight.clone().detach()     # (base_way + n_way, d)
        self.w_ema = self.w_fixed[:base_way].clone()
        if args.ema_logits:
            unit = F.normalize(self.w_fixed, p=2, dim=1)
            class_sim = unit @ unit.t()                            # (all, all)
            self.novel_to_all = class_sim[base_way:]
            self.novel_to_base = self.novel_to_all[:, :base_way]
            self.novel_to_novel = self.novel_to_all[:, base_way:]
            if args.ema_mode in ("learn_s", "learn_c"):
                top, _ = torch.topk(self.novel_to_base, args.ema_top_k, dim=1)
                self.novel_base_sim = top.mean(1)
                self.ema_k = nn.Parameter(torch.tensor(float(args.ema_k)))
                self.ema_b = nn.Parameter(torch.tensor(float(args.ema_b)))

    def ema_weight(self):
        return torch.sigmoid(self.ema_k * self.novel_base_sim + self.ema_b)

    def forward(self, feats, weight):
        return self.scale * F.normalize(feats, dim=1) @ F.normalize(weight, dim=1).t()
