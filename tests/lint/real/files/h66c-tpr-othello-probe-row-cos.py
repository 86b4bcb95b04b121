# Synthetic rewrite of the shape of ajyl/tpr_othello:plot_scripts/tpr_vs_linear.py at cc90cead6cf66a8d3e25ceec6c0951112066fbdf (licence NOASSERTION); not the original text.
"""Side-by-side check of how closely a factored (role x filler) board probe matches a
plain linear probe: both are three-way softmax probes over {empty, theirs, mine} per
square, so each square/state owns one d_model weight vector in each probe."""
import argparse
from dataclasses import dataclass

import torch
import torch.nn.functional as F

STATES = ("empty", "theirs", "mine")


@dataclass
class Settings:
    plain_probe: str = "probes/linear/resid_6_linear.pth"
    factored_probe: str = "probes/tpr/resid_6_tpr.pth"
    centre_over_states: bool = False
    device: str = "cpu"


def plain_weights(path, device):
    blob = torch.load(path, map_location=device)
    w = blob["probe"].float()              # (1, d_model, 8, 8, 3)
    return w[0]


def factored_weights(path, device):
    sd = torch.load(path, map_location=device)["probe_state_dict"]
    return torch.einsum("drf,xyr,cf->dxyc", sd["binding_map"].float(),
                        sd["role_embeddings"].float(), sd["filler_embeddings"].float())


def centre(w):
    return w - w.mean(dim=-1, keepdim=True)


def per_square_state_cosine(a, b):
    # move d_model last and compare the two probes' vectors for each square and state
    return F.cosine_similarity(a.permute(1, 2, 3, 0), b.permute(1, 2, 3, 0), dim=-1, eps=1e-12)


def compare(cfg: Settings):
    a = plain_weights(cfg.plain_probe, cfg.device)
    b = factored_weights(cfg.factored_probe, cfg.device)
    if cfg.centre_over_states:
        a, b = centre(a), centre(b)
    sims = per_square_state_cosine(a, b)          # (8, 8, 3)
    report = {}
    for k, name in enumerate(STATES):
        board = sims[:, :, k]
        report[name] = dict(mean=board.mean().item(), low=board.min().item(), high=board.max().item())
    return report, sims


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--plain-probe", default=Settings.plain_probe)
    ap.add_argument("--factored-probe", default=Settings.factored_probe)
    args = ap.parse_args()
    summary, _ = compare(Settings(plain_probe=args.plain_probe, factored_probe=args.factored_probe))
    for state, stats in summary.items():
        print(state, stats)
