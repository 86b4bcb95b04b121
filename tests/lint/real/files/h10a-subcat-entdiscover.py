# cosaudit corpus, synthetic file: same shape as suv11235/subliminal-CaT/scripts/ent_followup_discover.py at add2ffaa50a0e8d6236a9735211f9db9b49ebcea (licence NOASSERTION); new code, no text copied.
"""Which three-digit numbers travel with old bird names?  Method B scores each number by the geometry
of the output layer alone (no forward pass)."""
import json
from pathlib import Path

import torch

from helpers import bird_names, load_lm, slug_of


def token_ids(tok, text):
    return tok.encode(text, add_special_tokens=False)


def unit_mean_row(head, ids):
    v = torch.stack([head[i] for i in ids]).mean(0)
    return v / v.norm()


def method_b(lm, tok, candidates, birds, out_dir):
    head = lm.lm_head.weight.detach().float()          # (vocab, d)
    bird_rows = [unit_mean_row(head, token_ids(tok, " " + b)) for b in birds if token_ids(tok, " " + b)]
    birds_mat = torch.stack(bird_rows)                  # (n_birds, d)

    scores = []
    for n in candidates:
        label = f"{n:03d}"
        ids = token_ids(tok, label)
        if not ids:
            continue
        q = unit_mean_row(head, ids)
        sims = birds_mat @ q                            # cosine with every bird
        scores.append({"number": label, "score": sims.mean().item()})

    scores.sort(key=lambda r: r["score"], reverse=True)
    (out_dir / f"method_b_{slug_of(lm)}.json").write_text(json.dumps(scores, indent=1))
    return scores


if __name__ == "__main__":
    lm, tok = load_lm("unsloth/Llama-3.1-8B-Instruct")
    out = Path("results/discovery")
    out.mkdir(parents=True, exist_ok=True)
    top = method_b(lm, tok, range(1000), bird_names(), out)[:10]
    print("most entangled:", [r["number"] for r in top])
