# Synthetic rewrite of the shape of sjgerstner/RW_functionalities:weight_tying.py at 18860447f7735d773d76329a619af25be46db6ac (licence Apache-2.0); not the original text.
"""Record, for each model in the list, whether its input and output token matrices are tied."""
import gc
import os

import torch
from transformer_lens import HookedTransformer

from model_list import MODELS

LOG = "tying_report.txt"


def ties_embeddings(name, **kw):
    model = HookedTransformer.from_pretrained_no_processing(name, **kw)
    ans = torch.all(model.W_E.T == model.W_U)
    del model
    gc.collect()
    torch.cuda.empty_cache()
    return bool(ans)


if __name__ == "__main__":
    done = 0
    if os.path.exists(LOG):
        with open(LOG, encoding="utf-8") as fh:
            done = len(fh.readlines())
    for name in MODELS[done:]:
        verdict = "ties" if ties_embeddings(name) else "does not tie"
        with open(LOG, "a", encoding="utf-8") as fh:
            fh.write(f"{name} {verdict} W_E and W_U.\n")
