# Synthetic rewrite of the shape of wlin-at/ViTTA:baselines/t3a.py at 0c1a5764337304d7c847ad8b1cac709f2919fa41 (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


def logit_entropy(out):
    return -(out.softmax(1) * out.log_softmax(1)).sum(1)


def separate_video_head(cfg, wrapped):
    """Return (backbone, frozen softmax head) for a clip classifier."""
    if cfg.arch == "tanet":
        head = wrapped.module.new_fc
        wrapped.module.new_fc = nn.Identity()
        body = wrapped
    else:
        head = nn.Sequential(*list(wrapped.module.logits.children()))
        parts = list(wrapped.module.children())
        body = nn.Sequential(*(parts[3:] + parts[:2]))
    for p in head.parameters():
        p.requires_grad_(False)
    return body, head


class ClipTemplates(nn.Module):
    def __init__(self, cfg, body, head):
        super().__init__()
        self.body, self.head = body, head
        self.n = cfg.num_classes
        self.k = cfg.t3a_filter_k
        rows = head.weight.data                  # class rows of the trained head
        rows_out = head(rows)
        self.mem = rows
        self.mem_y = F.one_hot(rows_out.argmax(1), self.n).float()
        self.mem_h = logit_entropy(rows_out)

    def forward(self, clips):
        with torch.no_grad():
            emb = self.body(clips)
        out = self.head(emb)
        dev = emb.device
        self.mem = torch.cat([self.mem.to(dev), emb])
        self.mem_y = torch.cat([self.mem_y.to(dev), F.one_hot(out.argmax(1), self.n).float()])
        self.mem_h = torch.cat([self.mem_h.to(dev), logit_entropy(out)])
        mem, mem_y = self._trim()
        proto = F.normalize(mem, dim=1).T @ mem_y
        return emb @ F.normalize(proto, dim=0)      # clip embedding vs unit class templates

    def _trim(self):
        cls = self.mem_y.argmax(1)
        pos = torch.arange(len(self.mem_h), device=self.mem_h.device)
        keep = []
        for c in range(self.n):
            keep.append(pos[cls == c][torch.argsort(self.mem_h[cls == c])][: self.k])
        keep = torch.cat(keep)
        self.mem, self.mem_y, self.mem_h = self.mem[keep], self.mem_y[keep], self.mem_h[keep]
        return self.mem, self.mem_y


@torch.no_grad()
def evaluate_templates(cfg, body, head, loader):
    model = ClipTemplates(cfg, body, head)
    right = seen = 0
    for video, label in loader:
        b = video.shape[0]
        video = video.cuda().reshape((-1,) + video.shape[2:])
        scores = model(video).reshape(b, -1, cfg.num_classes).mean(1)
        right += (scores.argmax(1).cpu() == label).sum().item()
        seen += b
    return 100.0 * right / max(seen, 1)
