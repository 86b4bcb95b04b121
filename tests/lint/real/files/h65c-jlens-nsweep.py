# Synthetic rewrite of the shape of ToonTalk/jlens-tinystories:src/nsweep_report.py at 8c6e947ef8e4bfc0820755a6e0f61b73e8c7598a (licence MIT); not the original text.
"""How many fitting prompts does a Jacobian lens need? Compare lenses fitted on
n prompts with the n=1000 reference: top-8 decoded-token agreement per middle
layer, and the cosine between the flattened per-layer Jacobian matrices."""
import json
from pathlib import Path

import torch
import torch.nn.functional as F

from common import EVAL_PROMPTS, OUT, load_model, word_start_alpha_ids

SIZES = [1, 5, 10, 25, 100]
MID = [4, 5, 6, 7, 8]


def top_words(lens, model, prompt, layer, allowed, k=8):
    logits, _, _ = lens.apply(model, prompt, layers=[layer], positions=[-1])
    picked = [t for t in logits[layer][0].argsort(descending=True).tolist() if t in allowed]
    return set(picked[:k])


def run():
    from jlens import JacobianLens

    model, hf, tok, _ = load_model("stories110M")
    allowed = word_start_alpha_ids(tok, hf.config.vocab_size)
    base = Path(OUT) / "lenses" / "A"
    ref = JacobianLens.load(str(base / "lens_1000.pt"))
    ref_top = {(p, l): top_words(ref, model, EVAL_PROMPTS[p], l, allowed)
               for p in range(len(EVAL_PROMPTS)) for l in MID}

    table = []
    for n in SIZES:
        lens = JacobianLens.load(str(base / f"lens_{n}.pt"))
        secs = json.loads((base / f"config_{n}.json").read_text())["wall_clock_s"]
        agree = {
            l: sum(len(top_words(lens, model, EVAL_PROMPTS[p], l, allowed) & ref_top[(p, l)]) / 8
                   for p in range(len(EVAL_PROMPTS))) / len(EVAL_PROMPTS)
            for l in MID
        }
        # similarity of the fitted lens matrices themselves (not of any vocab rows)
        jcos = sum(F.cosine_similarity(lens.jacobians[l].reshape(-1),
                                       ref.jacobians[l].reshape(-1), dim=0).item()
                   for l in MID) / len(MID)
        table.append((n, agree, jcos, secs))

    lines = ["| n | " + " | ".join(f"L{l}" for l in MID) + " | J cos | seconds |"]
    for n, agree, jcos, secs in table:
        lines.append(f"| {n} | " + " | ".join(f"{agree[l]:.2f}" for l in MID)
                     + f" | {jcos:.4f} | {secs:.0f} |")
    (Path(OUT) / "nsweep" / "report.md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    run()
