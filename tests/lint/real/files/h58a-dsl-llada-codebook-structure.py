# Synthetic rewrite of the shape of fengsxy/DSL-LLaDA:workspace_extras/dsl_llada_active/analyze_dsl_embedding_structure.py at 33f29254b28eb3466e0cff9d88bee060da31c633 (licence NOASSERTION); not the original text.
"""Has the learned noise codebook picked up the neighbourhoods of the backbone's
input token table?

The codebook is the small table that clean tokens are embedded with before
Gaussian noise is added; the backbone table is the diffusion LM's input
embedding (separate from its output layer, rotary positions).
"""
import argparse
import json
from pathlib import Path

import torch
import torch.nn.functional as F
from safetensors import safe_open


def tensor_from_ckpt(ckpt: Path, name: str) -> torch.Tensor:
    index = json.loads((ckpt / "model.safetensors.index.json").read_text())["weight_map"]
    with safe_open(ckpt / index[name], framework="pt", device="cpu") as fh:
        return fh.get_tensor(name).float()


def offdiag_corr(a, b):
    keep = torch.triu(torch.ones_like(a, dtype=torch.bool), 1)
    x, y = a[keep] - a[keep].mean(), b[keep] - b[keep].mean()
    return float((x * y).mean() / (x.std() * y.std() + 1e-12))


def shared_neighbours(a, b, k=10):
    a, b = a.clone(), b.clone()
    a.fill_diagonal_(-9.0)
    b.fill_diagonal_(-9.0)
    na, nb = a.topk(k, dim=1).indices, b.topk(k, dim=1).indices
    return sum(len(set(p.tolist()) & set(q.tolist())) / k for p, q in zip(na, nb)) / len(na)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ckpt", required=True)
    ap.add_argument("--n", type=int, default=2000)
    args = ap.parse_args()
    ckpt = Path(args.ckpt)

    codebook = tensor_from_ckpt(ckpt, "noise_embed.weight")
    table = tensor_from_ckpt(ckpt, "model.transformer.wte.weight")

    g = torch.Generator().manual_seed(0)
    ids = torch.randperm(codebook.shape[0], generator=g)[: args.n]
    cb = F.normalize(codebook[ids], dim=1)
    tb = F.normalize(table[ids], dim=1)
    cb_cos = cb @ cb.T
    tb_cos = tb @ tb.T
    print(json.dumps({
        "pair_cos_corr": offdiag_corr(cb_cos, tb_cos),
        "top10_shared": shared_neighbours(cb_cos, tb_cos),
    }, indent=2))


if __name__ == "__main__":
    main()
