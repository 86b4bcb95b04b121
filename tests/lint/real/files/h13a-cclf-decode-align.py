# cosaudit corpus, synthetic file: same shape as tuteng0915/CCLF/experiments/probe_elf/decode_alignment_exp41.py at 7688ac8020329c88ea504148761e99b243a01a44 (licence MIT); new code, no text copied.
"""Does the decoder's pre-logit vector point at the right token?

The ELF decoder maps the last hidden state through a small projection and then a plain
linear read-out:   z = gelu(h @ A + a);   logits = z @ U + u.
For every position we take the column of U that belongs to the target token and measure the
cosine between it and z. Positions the decoder gets right should show a larger cosine.
"""
import json
from pathlib import Path

import numpy as np
import torch
import torch.nn.functional as F

RUNS = {"base": "ckpt/elf_base.pt", "distilled": "ckpt/elf_kd.pt"}
STATES = {"base": "states/base", "distilled": "states/kd"}
NOISE_LEVELS = [0.1, 0.3, 0.5, 1.0]


def read_head(path):
    blob = torch.load(path, map_location="cpu")["params"]
    return {k: blob[k].float() for k in ("proj_kernel", "proj_bias", "unembed_kernel", "unembed_bias")}


def auc(scores, labels):
    order = np.argsort(-scores)
    hits = labels[order]
    tpr = np.cumsum(hits) / max(hits.sum(), 1)
    fpr = np.cumsum(1 - hits) / max((1 - hits).sum(), 1)
    return float(np.trapz(tpr, fpr))


@torch.no_grad()
def alignment(head, states, chunk=8):
    U = head["unembed_kernel"]                      # [d_dec, vocab]
    U_unit = F.normalize(U, dim=0)                  # every token column scaled to length one
    good, bad = [], []
    for i in range(0, states["h"].shape[0], chunk):
        h = states["h"][i:i + chunk].float()
        y = states["y"][i:i + chunk]
        keep = states["mask"][i:i + chunk].bool()
        z = F.gelu(h @ head["proj_kernel"] + head["proj_bias"], approximate="tanh")
        pred = (z @ U + head["unembed_bias"]).argmax(-1)
        z_unit = F.normalize(z, dim=-1).reshape(-1, z.shape[-1])
        target_cols = U_unit[:, y.reshape(-1)].T     # [n, d_dec]
        cos = (z_unit * target_cols).sum(-1)
        ok = (pred == y).reshape(-1)
        sel = keep.reshape(-1)
        good += cos[sel & ok].tolist()
        bad += cos[sel & ~ok].tolist()
    good, bad = np.array(good), np.array(bad)
    labels = np.r_[np.ones(len(good)), np.zeros(len(bad))]
    return {"cos_right": good.mean(), "cos_wrong": bad.mean(),
            "auc": auc(np.r_[good, bad], labels)}


def main():
    out = {}
    for name, ckpt in RUNS.items():
        head = read_head(ckpt)
        out[name] = {}
        for t in NOISE_LEVELS:
            states = torch.load(Path(STATES[name]) / f"t{t:.2f}.pt")
            out[name][str(t)] = alignment(head, states)
            print(name, t, out[name][str(t)])
    Path("results/decode_alignment.json").write_text(json.dumps(out, indent=2, default=float))


if __name__ == "__main__":
    main()
