# cosaudit corpus, synthetic file: same shape as suv11235/subliminal-CaT/scripts/phase1_discovery.py at 710c0c99d82be1c7df781aeb87ccc9bc1718ef8e (licence NOASSERTION); new code, no text copied.
"""Screen 0..999 for numbers tied to a concept.  Step 2: angle in the output space."""
import pandas as pd
import torch

from helpers import BLOCKED, concept_words, load_lm


def step2(model_id, concept, out_csv):
    lm, tok = load_lm(model_id)
    W = lm.lm_head.weight.detach().float()           # one row per vocabulary entry

    firsts = []
    for w in concept_words(concept):
        ids = tok.encode(" " + w.split()[0], add_special_tokens=False)
        if ids:
            firsts.append(W[ids[0]])
    centre = torch.stack(firsts).mean(0)
    centre = centre / centre.norm()

    table = []
    for n in range(1000):
        if n in BLOCKED:
            continue
        ids = tok.encode(f" {n}", add_special_tokens=False)
        v = torch.stack([W[i] for i in ids]).mean(0)
        v = v / v.norm()
        table.append({"number": n, "cos": float(v @ centre)})

    df = pd.DataFrame(table).sort_values("cos", ascending=False)
    df.to_csv(out_csv, index=False)
    return df


if __name__ == "__main__":
    print(step2("unsloth/Llama-3.1-8B-Instruct", "birds", "step2_birds.csv").head(20))
