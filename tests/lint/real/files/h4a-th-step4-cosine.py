# cosaudit corpus, synthetic file: same shape as thierry123454/takehome/takehome_20260128/topic_b_step4_unembed_cosine.py at 97f1daea94ce881f3827f0403b1aaf59795718d1 (licence NOASSERTION); new code, no text copied.
"""
Step 4: unembedding cosine test.

For every animal, take the number found in step 2, compute the cosine between the animal's output vector and every
number token's output vector, rank the numbers, and record where the step-2 number lands.
"""
import csv
import os

import torch
import torch.nn.functional as F
from transformers import AutoModelForCausalLM, AutoTokenizer

from topic_b_utils import all_number_tokens, singular

MODEL = os.environ.get("MODEL_NAME", "unsloth/Llama-3.2-1B-Instruct")
STEP2 = [("owls", "087"), ("cows", "082"), ("dolphins", "074")]


def mean_row(tok, U, text):
    ids = tok(text, add_special_tokens=False).input_ids
    return U[ids].mean(0)


@torch.no_grad()
def main():
    tok = AutoTokenizer.from_pretrained(MODEL)
    U = AutoModelForCausalLM.from_pretrained(MODEL).lm_head.weight.float()
    ids, strs = all_number_tokens(tok)
    nums_unit = F.normalize(U[torch.tensor(ids)], dim=1)
    out = []
    for plural, number in STEP2:
        c_unit = F.normalize(mean_row(tok, U, " " + singular(plural)), dim=0)
        cos_all = nums_unit @ c_unit
        order = torch.argsort(cos_all, descending=True).tolist()
        pos = order.index(strs.index(number)) + 1 if number in strs else -1
        out.append({"animal": plural, "number": number, "rank": pos,
                    "percentile": 100 * (1 - pos / len(ids)), "cos": cos_all[strs.index(number)].item()})
    with open("plots_b/step4_cosine_rank.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(out[0]))
        w.writeheader()
        w.writerows(out)


if __name__ == "__main__":
    main()
