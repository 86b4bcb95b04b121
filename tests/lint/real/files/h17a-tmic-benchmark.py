# cosaudit corpus, synthetic file: same shape as danielbis/tooMuchInCommon/src/embeddings_benchmark.py at 659857383f391816d4ee2e519b37420d63d83b36 (licence NOASSERTION); new code, no text copied.
"""Word-similarity benchmarks on the token tables of pretrained transformers."""
import argparse
import json

import numpy as np
from scipy.stats import pearsonr
from transformers import AutoModel, AutoTokenizer

MODELS = ["gpt2", "gpt2-medium", "bert-base-cased", "roberta-base"]
DATASETS = {"simlex": "data/SimLex-999.txt", "ws353": "data/wordsim353.txt", "men": "data/MEN.txt"}


def centre(rows, scale=False):
    out = rows - rows.mean(0, keepdims=True)
    return out / out.std(0, keepdims=True) if scale else out


VARIANTS = [("raw", lambda r: r), ("centred", centre), ("centred_scaled", lambda r: centre(r, True))]


def pair_rows(table, pairs):
    a = table[np.array([p[0] for p in pairs])]
    b = table[np.array([p[1] for p in pairs])]
    return a, b


def dot_scores(table, pairs):
    a, b = pair_rows(table, pairs)
    return np.einsum("ij,ij->i", a, b)


def cos_scores(table, pairs):
    a, b = pair_rows(table, pairs)
    return np.einsum("ij,ij->i", a, b) / (np.linalg.norm(a, axis=1) * np.linalg.norm(b, axis=1))


def load_pairs(path, tok):
    pairs = []
    for line in open(path, encoding="utf8"):
        w1, w2, gold = line.split()[:3]
        i1, i2 = tok.encode(" " + w1), tok.encode(" " + w2)
        if len(i1) == 1 and len(i2) == 1:
            pairs.append((i1[0], i2[0], float(gold)))
    return pairs


def run(models, out):
    res = {}
    for name in models:
        tok = AutoTokenizer.from_pretrained(name)
        table = AutoModel.from_pretrained(name).get_input_embeddings().weight.detach().numpy()
        for vname, fn in VARIANTS:
            rows = fn(table)
            for dname, path in DATASETS.items():
                pairs = load_pairs(path, tok)
                gold = [p[2] for p in pairs]
                r_cos = pearsonr(cos_scores(rows, pairs), gold)[0]
                r_dot = pearsonr(dot_scores(rows, pairs), gold)[0]
                res[f"{name}/{vname}/{dname}"] = {"cos": round(100 * r_cos, 2), "dot": round(100 * r_dot, 2)}
                print(name, vname, dname, res[f"{name}/{vname}/{dname}"])
    json.dump(res, open(out, "w"), indent=2)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="")
    ap.add_argument("--out", default="benchmarks.json")
    a = ap.parse_args()
    run([a.model] if a.model else MODELS, a.out)
