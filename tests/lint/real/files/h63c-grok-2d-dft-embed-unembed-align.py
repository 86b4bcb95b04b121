# Synthetic rewrite of the shape of zjjcv/Grokking_Formulation:scripts/analysis/2d_dft/f_alignment.py at 76a8fa705aa54ecc42dac79145cd4a9f1bfe4ab5 (licence Apache-2.0); not the original text.
"""Track how the 2-D Fourier spectra of the input table and the output layer
line up over training, for the modular-arithmetic grokking runs."""
import csv
import os

import numpy as np
import torch


def spectrum_cosine(a, b):
    """Cosine between two matrices viewed as one flat vector each."""
    u, v = a.ravel(), b.ravel()
    nu, nv = np.linalg.norm(u), np.linalg.norm(v)
    if nu == 0 or nv == 0:
        return 0.0
    return float(u @ v / (nu * nv))


def step_of(name):
    return int(name[len("ckpt_"):-len(".pt")])


def run(ckpt_dir, out_csv, modulus=97):
    names = sorted((f for f in os.listdir(ckpt_dir) if f.startswith("ckpt_") and f.endswith(".pt")),
                   key=step_of)
    rows = []
    for name in names:
        state = torch.load(os.path.join(ckpt_dir, name), map_location="cpu")
        params = state["model_state_dict"]
        table_in = params["embedding.weight"].numpy()[:modulus]   # token inputs
        table_out = params["output.weight"].numpy()               # one row per answer
        mag_in = np.abs(np.fft.fft2(table_in))
        mag_out = np.abs(np.fft.fft2(table_out))
        rows.append({
            "step": step_of(name),
            "test_acc": float(state["test_acc"]),
            "alignment_2d": spectrum_cosine(mag_in, mag_out),
            "energy_in": float((mag_in ** 2).sum()),
            "energy_out": float((mag_out ** 2).sum()),
        })
    if rows:
        os.makedirs(os.path.dirname(out_csv) or ".", exist_ok=True)
        with open(out_csv, "w", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=list(rows[0]))
            w.writeheader()
            w.writerows(rows)


if __name__ == "__main__":
    run("checkpoints/x+y", "results/alignment_2d_x+y.csv")
