# cosaudit corpus, synthetic file: same shape as julilien/Neural-Collapse/validate_NC.py at 1d70973f4c8d63884fddffe3729a2a0d0311c832 (licence NOASSERTION); new code, no text copied.
import sys

import numpy as np
import torch

from nets import build_net
from data import loaders


def simplex_gap(W):
    """Distance of the normalised Gram of the class rows from the simplex ETF Gram."""
    k = W.shape[0]
    gram = W @ W.t()
    gram = gram / torch.linalg.norm(gram, ord="fro")
    ideal = (torch.eye(k) - torch.full((k, k), 1.0 / k)).to(W.device) / (k - 1) ** 0.5
    return torch.linalg.norm(gram - ideal, ord="fro").item()


def evaluate(run_dir, n_epochs):
    net = build_net(num_classes=10)
    history = {"etf_gap": [], "weights": []}
    for epoch in range(1, n_epochs + 1):
        net.load_state_dict(torch.load(f"{run_dir}/ckpt_{epoch:03d}.pt"))
        net.eval()
        for name, param in net.named_parameters():
            if "fc.weight" in name:
                W = param
            if "fc.bias" in name:
                b = param
        history["etf_gap"].append(simplex_gap(W))
        history["weights"].append(W.detach().cpu().numpy())
    np.save(f"{run_dir}/nc_history.npy", history, allow_pickle=True)


if __name__ == "__main__":
    evaluate(sys.argv[1], int(sys.argv[2]))
