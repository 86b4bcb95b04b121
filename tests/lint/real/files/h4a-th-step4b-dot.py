# cosaudit corpus, synthetic file: same shape as thierry123454/takehome/takehome_20260128/topic_b_step4b_dot_animal_to_number.py at 97f1daea94ce881f3827f0403b1aaf59795718d1 (licence NOASSERTION); new code, no text copied.
"""
Step 4B: the alternate metric, a plain dot product between output vectors.

    score(t, c) = U_t . U_c      with U = lm_head.weight

Rank every number token by its score with the animal and save the table.
"""
import csv
import os

import torch
from transformers import AutoModelForCausalLM, AutoTokenizer

from topic_b_utils import all_number_tokens, singular

MODEL = os.environ.get("MODEL_NAME", "unsloth/Llama-3.2-1B-Instruct")
ANIMALS = ["owls", "cows", "dolphins"]


@torch.no_grad()
def main():
    tok = AutoTokenizer.from_pretrained(MODEL)
    U = AutoModelForCausalLM.from_pretrained(MODEL).lm_head.weight.to(torch.float32)
    ids, strs = all_number_tokens(tok)
    U_nums = U[torch.tensor(ids)]
    rows = []
    for plural in ANIMALS:
        c = tok(" " + singular(plural), add_special_tokens=False).input_ids
        U_c = U[c].mean(0)
        scores = (U_nums @ U_c).cpu().numpy()
        best = scores.argsort()[::-1][:10]
        rows += [{"animal": plural, "number": strs[i], "dot": float(scores[i])} for i in best]
    with open("plots_b/step4b_dot.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=["animal", "number", "dot"])
        w.writeheader()
        w.writerows(rows)


if __name__ == "__main__":
    main()
