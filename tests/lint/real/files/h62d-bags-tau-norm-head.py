# Synthetic rewrite of the shape of FishYuLi/BalancedGroupSoftmax:tools/test_lvis_tnorm.py at 90e04fd8ccecd2bc61bbe6053a741ae708da2794 (licence Apache-2.0); not the original text.
"""Post-hoc tau-normalisation of a detector's class rows before LVIS evaluation."""
import argparse

import torch


def parse():
    ap = argparse.ArgumentParser(description="evaluate with rescaled classifier rows")
    ap.add_argument("config")
    ap.add_argument("checkpoint")
    ap.add_argument("--tau", type=float, default=1.0)
    return ap.parse_args()


def rescale_rows(rows, tau):
    """Divide every foreground row by its L2 size raised to tau; row 0 (background) is kept."""
    sizes = rows.norm(p=2, dim=1)
    out = rows.clone()
    for k in range(1, rows.shape[0]):
        out[k] = out[k] / sizes[k].pow(tau)
    return out


def apply_tau_norm(detector, tau=1.0):
    params = detector.state_dict()
    head = params["bbox_head.fc_cls.weight"]  # (num_classes + 1, hidden)
    params["bbox_head.fc_cls.weight"].copy_(rescale_rows(head, tau))
    return detector


def duplicate_head(detector, tau):
    params = detector.state_dict()
    for name, value in list(params.items()):
        if name.startswith("bbox_head."):
            parts = name.split(".")
            parts[0] = parts[0] + "_spare"
            params[".".join(parts)].copy_(value)
    spare = params["bbox_head_spare.fc_cls.weight"]
    params["bbox_head_spare.fc_cls.weight"].copy_(rescale_rows(spare, tau))
    return detector


if __name__ == "__main__":
    args = parse()
    model = torch.load(args.checkpoint, map_location="cpu")  # stands in for the mmdet builder
    model = apply_tau_norm(model, args.tau)
    print("classifier rows rescaled with tau =", args.tau)
