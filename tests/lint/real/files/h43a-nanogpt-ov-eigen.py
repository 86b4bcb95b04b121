# Synthetic rewrite of the shape of MSSRPRAD/nanoGPT:circuits.py at 64af5c297b1b5497cfef3417e937a0676187d245 (licence MIT); not the original text.
"""Eigenvalues of each head's full OV circuit in a small nanoGPT checkpoint (copying heads have positive spectra)."""
import numpy as np
import torch


def copy_score(eigs):
    total = sum(eigs)
    return (total / sum(abs(e) for e in eigs)).real


with torch.no_grad():
    W_u = model.lm_head.weight          # (vocab, d)
    W_e = model.transformer.wte.weight  # (vocab, d)
    scores = []
    for block in model.transformer.h:
        W_o = block.attn.c_proj.weight
        for head in block.attn.c_attn_v:
            W_vh = head.weight
            matrix = W_vh @  W_e @ W_u @ W_o
            eigs = torch.linalg.eigvals(matrix).tolist()
            scores.append(copy_score(eigs))
            print("trace", float(torch.trace(matrix)))
    print(np.histogram(scores, bins=np.arange(-1, 1.25, 0.25)))
