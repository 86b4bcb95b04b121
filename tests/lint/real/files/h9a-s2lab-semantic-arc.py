# cosaudit corpus, synthetic file: same shape as stevie-ml/s2lab/experiments/semantic_arc_within_poem.py at 11fd638cf53afbfd5114b549ca64462134bc8d09 (licence NOASSERTION); new code, no text copied.
"""
Does the meaning-distance between neighbouring words change over the course of a poem?

Split each poem into thirds, average the embedding distance between consecutive content
tokens in each third, and compare that arc with the surprise (S2) arc of the same poem.
Writes results/semantic_arc.json.
"""
import json
import re
from collections import defaultdict
from pathlib import Path

import numpy as np
from transformers import GPT2LMHeadModel, GPT2TokenizerFast

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "results" / "corpus_results.json"
OUT = ROOT / "results" / "semantic_arc.json"
MIN_TOKENS = 30


def cos_distance(u, v):
    u = u / (np.linalg.norm(u) + 1e-9)
    v = v / (np.linalg.norm(v) + 1e-9)
    return float(1.0 - u @ v)


def is_word(tok):
    t = tok.strip()
    return bool(t) and not re.fullmatch(r"[\W_]+", t)


def third_stats(chunk):
    return {"dist": float(np.mean([d for d, _ in chunk])), "s2": float(np.mean([s for _, s in chunk])), "n": len(chunk)}


def main():
    corpus = json.loads(CORPUS.read_text())
    tok = GPT2TokenizerFast.from_pretrained("gpt2")
    lm = GPT2LMHeadModel.from_pretrained("gpt2").eval()
    vectors = lm.transformer.wte.weight.detach().numpy()

    def vec(s):
        ids = tok.encode(s)
        return vectors[ids[0]] if ids else None

    arcs = []
    for text in corpus:
        meta = text.get("metadata", {})
        words = [t for t in text.get("tokens", []) if is_word(t["token"])]
        if len(words) < MIN_TOKENS:
            continue
        embs = [vec(t["token"]) for t in words]
        steps = []
        for i in range(1, len(words)):
            if embs[i] is None or embs[i - 1] is None:
                continue
            d = cos_distance(embs[i], embs[i - 1])
            steps.append((d, words[i]["s2"]))
        n = len(steps)
        if n < 3:
            continue
        first, mid, last = steps[: n // 3], steps[n // 3: 2 * n // 3], steps[2 * n // 3:]
        a, b, c = third_stats(first), third_stats(mid), third_stats(last)
        arcs.append({
            "title": meta.get("title"), "author": meta.get("author"), "era": meta.get("era", "unknown"),
            "first": a, "middle": b, "last": c,
            "arc_dist": c["dist"] - a["dist"], "arc_s2": c["s2"] - a["s2"],
        })

    poems = [p for p in arcs if p["era"] != "control"]
    r = float(np.corrcoef([p["arc_dist"] for p in poems], [p["arc_s2"] for p in poems])[0, 1])
    by_era = defaultdict(list)
    for p in poems:
        by_era[p["era"]].append(p["arc_dist"])
    summary = {
        "n": len(poems),
        "mean_arc_dist": float(np.mean([p["arc_dist"] for p in poems])),
        "share_converging": float(np.mean([p["arc_dist"] < 0 for p in poems])),
        "r_dist_s2": r,
        "era": {e: float(np.mean(v)) for e, v in sorted(by_era.items()) if len(v) > 1},
    }
    print(json.dumps(summary, indent=2))
    OUT.write_text(json.dumps({"summary": summary, "poems": arcs}, indent=2))


if __name__ == "__main__":
    main()
