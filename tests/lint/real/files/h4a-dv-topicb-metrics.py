# cosaudit corpus, synthetic file: same shape as divyat09/takehome_anthropic/takehome_20260128/topic_b_metrics.py at b40f61393b9d34eb2cc7a0228bf7a8a7c3f53198 (licence NOASSERTION); new code, no text copied.
"""Step 4: replicate the unembedding cosine of the entanglement paper and try two other geometric scores.

For each animal we score every number token three ways and ask which score best predicts how much
prompting with that number raises P(animal).
"""
import argparse

import pandas as pd
import torch
import torch.nn.functional as F
from scipy.stats import spearmanr

from topic_b_utils import load_model, all_number_tokens, entangled_numbers, prompt_boost


def cosine_score(U, a, b):
    """cosine between the output rows of token a and token b"""
    ua = F.normalize(U[a], dim=0)
    ub = F.normalize(U[b], dim=0)
    return torch.dot(ua, ub).item()


def projection_score(U, a, b):
    """length of a's row along b's direction"""
    return (torch.dot(U[a], U[b]) / U[b].norm()).item()


def coupling_score(U, a, b):
    """how much b's logit rises, relative to the vocabulary average, when a's row is added to the state"""
    gain = U @ U[a]
    return (gain[b] - gain.mean()).item()


def run(model, tok, animal, top=50):
    U = model.lm_head.weight.float()
    a = tok(" " + animal).input_ids[-1]
    nums, strs = all_number_tokens(tok)
    rows = [{"number": s, "cos": cosine_score(U, a, t), "proj": projection_score(U, a, t),
             "coupling": coupling_score(U, a, t)} for t, s in zip(nums, strs)]
    df = pd.DataFrame(rows).sort_values("cos", ascending=False).head(top)
    df["boost"] = [prompt_boost(model, tok, animal, n) for n in df["number"]]
    return {m: spearmanr(df[m], df["boost"]) for m in ("cos", "proj", "coupling")}


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--animals", nargs="+", default=["owl", "eagle"])
    args = ap.parse_args()
    model, tok = load_model()
    for animal in args.animals:
        print(animal, run(model, tok, animal), entangled_numbers(model, tok, animal)[:5])
