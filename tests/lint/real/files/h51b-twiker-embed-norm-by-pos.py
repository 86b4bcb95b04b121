# Synthetic rewrite of the shape of kuangdai/twiker-experiments:analyze_weight_embed.py at b14b4ff1809f8a8cf7a035bbd6f7f6e04f5f2d1a (licence MIT); not the original text.
import argparse
import json
from collections import Counter, defaultdict

import torch


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--name", required=True)
    ap.add_argument("--min-count", type=int, default=1)
    a = ap.parse_args()

    tags = json.load(open(f"results/pos/{a.name}.json"))        # token id -> {"poses": [...]}
    w_model = torch.load(f"./weights/embed/{a.name}.pt")         # one saved row per GPT-2 token id

    ids_all = torch.tensor([int(t) for t, v in tags.items() if len(v["poses"]) >= a.min_count])
    dist_all = w_model[ids_all].norm(dim=1).mean()
    print("average row length:", float(dist_all))

    rows_by_tag = defaultdict(list)
    for t, v in tags.items():
        tag = Counter("prop" if p in ("adp", "part") else p for p in v["poses"]).most_common(1)[0][0]
        rows_by_tag[tag].append(w_model[int(t)])

    summary = {"all": float(dist_all)}
    for tag, rows in rows_by_tag.items():
        summary[tag] = float(torch.stack(rows).norm(dim=1).mean())
    json.dump(summary, open(f"results/embed/{a.name}.json", "w"))


if __name__ == "__main__":
    main()
