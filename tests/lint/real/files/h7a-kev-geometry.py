# cosaudit corpus, synthetic file: same shape as kevinyjn1/subliminal-steering/owls/experiments/experiment_4_geometry.py at 1befc82f0c9073d074dfbaa6ba24d364bb354de7 (licence NOASSERTION); new code, no text copied.
"""Experiment 4: are owl-entangled numbers closer to 'owl' in the unembedding?"""
import numpy as np
import pandas as pd

from helpers import token_id, save_table
from experiment_3 import entangled_numbers


def owl_number_products(lm, tok, n_random=50):
    W = lm.lm_head.weight
    if W.device.type == "meta":
        return save_table(pd.DataFrame({"status": ["skipped: meta weights"]}), "04_geometry.png")
    W = W.detach().float().cpu()
    owl = W[token_id(tok, "owl")]

    found = entangled_numbers(lm, tok, "owls")["number_tokens"][:10]
    ent_scores = [float(owl @ W[t]) for t in found if t < W.shape[0]]

    numbers = []
    for t in range(min(W.shape[0], 50000)):
        s = tok.decode(t).strip().lstrip("▁Ġ ")
        if s.isdigit() and len(s) <= 3:
            numbers.append(t)
    others = [t for t in numbers if t not in found][:n_random]
    rand_scores = [float(owl @ W[t]) for t in others]

    a, b = np.mean(ent_scores or [0.0]), np.mean(rand_scores or [0.0])
    table = pd.DataFrame({"metric": ["entangled mean dot", "random mean dot", "difference"],
                          "value": [a, b, a - b]})
    save_table(table, "04_geometry.png")
    return table
