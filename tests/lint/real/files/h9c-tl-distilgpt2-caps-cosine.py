# cosaudit corpus, synthetic file: same shape as tiagomloeblein/gpt2-embedding-edit-explorer/analise_dimensoes_dinamico.py at 347ad2699eca6a3305c90ffa29baa51bf8fe4fb0 (licence MIT); new code, no text copied.
import json
import sys
from itertools import combinations

import numpy as np
import pandas as pd

TABLE = "distilgpt2_embeddings.jsonl"
WORDS = ["cent", "face", "app", "true", "front", "pet"]
REPORT = "caps_report.txt"
lines = []


def say(msg):
    print(msg)
    lines.append(msg)


def forms(word):
    return [word.lower(), word.capitalize(), word.upper(),
            "\u0120" + word.lower(), "\u0120" + word.capitalize(), "\u0120" + word.upper()]


wanted = {f for w in WORDS for f in forms(w)}
rows = {}
with open(TABLE, encoding="utf-8") as fh:
    for raw in fh:
        item = json.loads(raw)
        if item["token"] in wanted:
            rows[item["token"]] = item["embedding"]
        if len(rows) == len(wanted):
            break
if not rows:
    say("none of the forms were found")
    sys.exit(1)
frame = pd.DataFrame({t: rows[t] for t in sorted(rows)})

say("largest per-dimension shifts between forms")
for w in WORDS:
    for a, b in [(w.lower(), w.capitalize()), (w.lower(), w.upper()), (w.lower(), "\u0120" + w.lower())]:
        if a in frame and b in frame:
            shift = (frame[b] - frame[a]).abs().nlargest(5)
            say(f"{b!r} - {a!r}: " + ", ".join(f"d{d}={v:.4f}" for d, v in shift.items()))


def cos(u, v):
    u, v = np.asarray(u), np.asarray(v)
    return float(u @ v / (np.linalg.norm(u) * np.linalg.norm(v)))


say("cosine between every pair of forms")
for a, b in combinations(frame.columns, 2):
    say(f"cos({a!r}, {b!r}) = {cos(frame[a], frame[b]):.5f}")

say("cosine between capitalisation shifts")
shifts = {w: frame[w.capitalize()] - frame[w.lower()] for w in WORDS
          if w.lower() in frame and w.capitalize() in frame}
for a, b in combinations(shifts, 2):
    say(f"cos(shift[{a}], shift[{b}]) = {cos(shifts[a], shifts[b]):.5f}")

with open(REPORT, "w", encoding="utf-8") as fh:
    fh.write("\n".join(lines))
