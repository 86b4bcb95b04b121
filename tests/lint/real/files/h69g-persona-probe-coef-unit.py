# Synthetic rewrite of the shape of imranq/user_identity_mechinterp:compute_persona_direction.py at 82d66f4562bf2cc4d8c5a0b51ebda455627cae0c (licence NOASSERTION); not the original text.
# Idea kept: collect resid_pre activations for expert/novice persona prompts,
# derive a persona direction either as a difference of class means or as the
# coef_[0] of a binary logistic-regression probe, scale it to unit length and
# save it for later steering.  No label rows are compared with each other.
import argparse
import json
import numpy as np
from sklearn.linear_model import LogisticRegression
from transformer_lens import HookedTransformer


def collect(model, prompts, layer):
    xs, ys = [], []
    for text, label in prompts:
        _, cache = model.run_with_cache(model.to_tokens(text))
        xs.append(cache["resid_pre", layer][0, -1].float().cpu().numpy())
        ys.append(label)
    return np.stack(xs), np.array(ys)


def mean_gap(X, y):
    return X[y == 0].mean(0) - X[y == 1].mean(0)


def probe_weights(X, y, seed):
    clf = LogisticRegression(max_iter=1000, random_state=seed).fit(X, y)
    return clf.coef_[0]                          # one sigmoid probe direction


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="google/gemma-2-2b-it")
    ap.add_argument("--layer", type=int, default=4)
    ap.add_argument("--method", choices=["mean", "probe"], default="mean")
    a = ap.parse_args()
    model = HookedTransformer.from_pretrained(a.model)
    prompts = [("As a veteran surgeon, how do I ...?", 0), ("I'm new to cooking, how do I ...?", 1)]
    X, y = collect(model, prompts, a.layer)
    d = mean_gap(X, y) if a.method == "mean" else probe_weights(X, y, 0)
    d = d / (np.linalg.norm(d) + 1e-8)
    np.save("persona_direction.npy", d)
    json.dump({"layer": a.layer, "method": a.method}, open("persona_direction.json", "w"))


if __name__ == "__main__":
    main()
