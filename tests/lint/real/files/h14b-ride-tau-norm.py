# cosaudit corpus, synthetic file: same shape as frank-xwang/RIDE-LongTailRecognition/t-normalization.py at ab8be5c21124612493aff87c7cf235d950bda178 (licence MIT); new code, no text copied.
import os
import shutil
import sys

import torch

run_id, epoch, exp_type = sys.argv[1], sys.argv[2], sys.argv[3]
tau = float(sys.argv[4])  # ~0.31 for iNaturalist, ~0.70 for ImageNet-LT
gpu = sys.argv[5]
data_parallel = sys.argv[6] in ("True", "1")
n_experts = int(sys.argv[7])

src = f"saved/models/{exp_type}/{run_id}"
dst = f"saved/models/{exp_type}/{run_id}normalized"
os.makedirs(dst)
shutil.copyfile(f"{src}/config.json", f"{dst}/config.json")

ckpt = torch.load(f"{src}/checkpoint-epoch{epoch}.pth")


def tau_scale(rows, power):
    lengths = rows.norm(p=2, dim=1)
    out = rows.clone()
    for k in range(rows.size(0)):
        out[k] = out[k] / lengths[k].pow(power)
    return out


def key(name):
    return ("module." + name) if data_parallel else name


for e in range(n_experts):
    layer = "linear" if n_experts == 1 else f"linears.{e}"
    rows = ckpt["state_dict"][key(f"backbone.{layer}.weight")].cpu()
    bias = ckpt["state_dict"][key(f"backbone.{layer}.bias")].cpu()
    ckpt["state_dict"][key(f"backbone.{layer}.weight")] = tau_scale(rows, tau)
    ckpt["state_dict"][key(f"backbone.{layer}.bias")] = torch.zeros_like(bias)

torch.save(ckpt, f"{dst}/normalized.pth")
os.system(f"python test.py -d {gpu} -r {dst}/normalized.pth")
