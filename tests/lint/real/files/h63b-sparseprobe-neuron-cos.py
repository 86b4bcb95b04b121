# Synthetic rewrite of the shape of wesg52/sparse-probing-paper:save_weight_statistics.py at a610e102c6e25a6ef9cc16c3a2abb736aa90849b (licence MIT); not the original text.
"""Per-neuron weight summaries for every MLP layer of a HookedTransformer."""
import argparse
import os

import numpy as np
import torch
from transformer_lens import HookedTransformer


def neuron_weight_table(name: str) -> np.ndarray:
    lm = HookedTransformer.from_pretrained(name, device="cpu")
    w_in = lm.W_in.detach()    # [layer, d_model, d_mlp]
    w_out = lm.W_out.detach()  # [layer, d_mlp, d_model]

    table = np.zeros((5, lm.cfg.n_layers, lm.cfg.d_mlp))
    table[0] = w_in.norm(dim=1).numpy()
    table[1] = lm.b_in.detach().numpy()
    table[2] = w_out.norm(dim=-1).numpy()
    table[3, :, : lm.cfg.d_model] = lm.b_out.detach().numpy()
    # alignment of each neuron's read vector with its write vector
    table[4] = torch.nn.functional.cosine_similarity(w_in, w_out.transpose(1, 2), dim=1).numpy()
    return table


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", required=True)
    args = ap.parse_args()
    out_dir = os.path.join(os.environ.get("RESULTS_DIR", "results"), "neuron_weights")
    os.makedirs(out_dir, exist_ok=True)
    np.save(os.path.join(out_dir, f"{args.model}.npy"), neuron_weight_table(args.model))


if __name__ == "__main__":
    main()
