# Synthetic rewrite of the shape of caleb-kaiser/HRM:analyze_embeddings.py at 333c344f3fc93e41f3fd28d65d39102e2b6075e8 (licence NOASSERTION); not the original text.
"""Look at recorded high/low-level recurrent states of a puzzle-solving reasoning model."""
import argparse
from pathlib import Path

import numpy as np
import torch


def step_to_step_similarity(states):
    """Mean cosine between the flattened state at step k-1 and at step k."""
    sims = []
    for k in range(1, states.shape[0]):
        before = states[k - 1].flatten(start_dim=1)
        after = states[k].flatten(start_dim=1)
        sims.append(torch.cosine_similarity(before, after, dim=1).mean().item())
    return float(np.mean(sims)), float(np.std(sims))


def effective_dim(x):
    xc = x - x.mean(dim=0)
    ev = torch.linalg.eigvalsh(xc.T @ xc / (xc.shape[0] - 1))
    ev = ev[ev > 0]
    return (ev.sum() ** 2 / (ev ** 2).sum()).item()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--trace", default="trace_run_0.pt")
    args = ap.parse_args()
    if not Path(args.trace).exists():
        print("record a trace first")
        return
    rec = torch.load(args.trace, map_location="cpu")
    hi, lo = rec["h_states"], rec["l_states"]          # [steps, batch, seq, hidden]
    for name, s in (("high", hi), ("low", lo)):
        m, sd = step_to_step_similarity(s)
        print(f"{name}: consecutive-step cosine {m:.3f} +/- {sd:.3f}")
        print(f"{name}: participation ratio {effective_dim(s.flatten(0, 1).flatten(1)):.1f}")
    halt = torch.sigmoid(rec["q_halt_logits"])
    print("halt prob first -> last:", halt.mean(1)[0].item(), halt.mean(1)[-1].item())


if __name__ == "__main__":
    main()
