# Synthetic rewrite of the shape of Glaciohound/LM-Steer:experiments/steer_transfer.py at 265982f6d8027d3a2ec4b65b775cf3e704e187f5 (licence MIT); not the original text.
"""Carry a learned steer from a source LM to a target LM by fitting linear maps
between their output-embedding tables over the vocabulary they share."""
import torch
from torch.optim import Adam
from tqdm import tqdm

from lm_steer.arguments import parse_args
from lm_steer.models.get_model import get_model


def load(name, a):
    return get_model(name, a.adapted_component, a.adaptor_class, a.num_steers,
                     a.rank, a.epsilon, a.init_var, a.low_resource_mode)


def run(a):
    saved = torch.load(a.ckpt_name)
    dev = torch.device("cuda:0")
    tgt_model, tgt_tok = load(a.model_name, a)
    src_model, src_tok = load(a.transfer_from, a)

    tgt_rows = tgt_model.steer.lm_head.weight
    src_rows = src_model.steer.lm_head.weight
    src_vocab = set(src_tok.vocab)
    common = [w for w in tgt_tok.vocab if w in src_vocab]

    src_sel = src_rows[[src_tok.vocab[w] for w in common]].to(dev).float()
    tgt_sel = tgt_rows[[tgt_tok.vocab[w] for w in common]].to(dev).float()

    fwd = torch.randn(src_rows.shape[1], tgt_rows.shape[1], device=dev, requires_grad=True)
    bwd = torch.randn(tgt_rows.shape[1], src_rows.shape[1], device=dev, requires_grad=True)
    opt = Adam([fwd, bwd], lr=a.lr)
    head_k = 4000

    for _ in tqdm(range(a.n_steps)):
        opt.zero_grad()
        # squared-error fit of one table onto the other (no angular term)
        err_fwd = ((src_sel[:head_k] @ fwd) - tgt_sel[:head_k]).pow(2).mean()
        err_bwd = ((tgt_sel[:head_k] @ bwd) - src_sel[:head_k]).pow(2).mean()
        (err_fwd + err_bwd).backward()
        opt.step()

    bwd = bwd / bwd.norm(dim=1, keepdim=True)
    moved = {"projector1": bwd @ saved[1]["projector1"],
             "projector2": bwd @ saved[1]["projector2"]}
    torch.save([None, moved, saved[2]], a.output_file)


if __name__ == "__main__":
    run(parse_args())
