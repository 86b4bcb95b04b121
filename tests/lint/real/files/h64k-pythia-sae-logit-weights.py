# Synthetic rewrite of the shape of OE-GOD/sae-pythia-160m:code/17_logit_weights.py at 3e243b068122701380d739ab9b1c52e85d58db6b (licence NOASSERTION); not the original text.
"""Does a feature's direct push on line-break tokens predict whether steering with it works?

Each SAE decoder direction is multiplied into the unembedding of a small
Pythia model, giving one raw score per vocabulary entry; the scores of the
line-break tokens are summarised after removing the median.
"""
import numpy as np
import torch
from transformer_lens import HookedTransformer


def linebreak_ids(lm) -> list:
    found = []
    for tid in range(lm.cfg.d_vocab):
        if "\n" in lm.tokenizer.decode([tid]):
            found.append(tid)
    return found


def feature_vocab_push(sae, lm, feature_ids):
    unembed = lm.W_U.detach()                 # (d_model, vocab)
    targets = linebreak_ids(lm)
    rows = []
    for fid in feature_ids:
        direction = sae.W_dec[:, fid].detach()
        push = (direction @ unembed).cpu().numpy()   # raw direct effect on every token
        shifted = push - np.median(push)             # softmax ignores a constant shift
        best = np.argsort(-shifted)[:8]
        rows.append({
            "feature": fid,
            "linebreak_max": float(shifted[targets].max()),
            "linebreak_sum": float(shifted[targets].sum()),
            "promoted": [lm.tokenizer.decode([int(i)]) for i in best],
        })
    return rows


if __name__ == "__main__":
    lm = HookedTransformer.from_pretrained("pythia-160m", device="cpu")
    sae = torch.load("sae_layer6.pt", weights_only=False)
    print(feature_vocab_push(sae, lm, [11, 42, 907]))
