# cosaudit corpus, synthetic file: same shape as Kikyo-16/sae-alignment/src/analysis/step_probe_rings.py at 7097fb23d90216329f2145851b961b7bc2b1ae4e (licence NOASSERTION); new code, no text copied.
"""Map each chord class of a trained chord probe to the SAE latent that points the same way.

The chord probe is a 25-way linear classifier (12 major, 12 minor, 1 "no chord");
row r of its weight matrix scores chord r. For every chord row we keep the SAE encoder
latent with the largest cosine and write the twelve ids per quality as a ring.
"""
import argparse
from pathlib import Path

import torch
import torch.nn.functional as F

from ..linear_probe.probe_lit import LitLinearProbe
from .rings import load_sae, ring_line


def chord_latents(probe_path: Path, enc_dirs: torch.Tensor, device: str):
    probe = LitLinearProbe.load_from_checkpoint(str(probe_path), map_location=device, strict=False).eval()
    rows = probe.linear.weight.data.to(device)          # (25, d_model)
    if rows.shape[0] < 24:
        raise ValueError(f"{probe_path.name}: expected at least 24 chord rows, got {rows.shape[0]}")
    unit_rows = F.normalize(rows[:24], dim=1)            # drop the "no chord" row
    sims = unit_rows @ enc_dirs.T                        # (24, n_latents)
    best = sims.argmax(dim=1)
    scores = sims.gather(1, best[:, None]).squeeze(1)
    print("major:", best[:12].tolist(), [round(s, 3) for s in scores[:12].tolist()])
    print("minor:", best[12:].tolist(), [round(s, 3) for s in scores[12:].tolist()])
    return best[:12].tolist(), best[12:].tolist()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sae-ckpt", required=True)
    ap.add_argument("--chord-probe", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    args = ap.parse_args()

    sae = load_sae(Path(args.sae_ckpt), args.device)
    enc_dirs = F.normalize(sae.fc1.weight.data.to(args.device), dim=1)   # (n_latents, d_model)
    major, minor = chord_latents(Path(args.chord_probe), enc_dirs, args.device)
    Path(args.out).write_text(ring_line("Major Chord", major) + "\n" + ring_line("Minor Chord", minor) + "\n")


if __name__ == "__main__":
    main()
