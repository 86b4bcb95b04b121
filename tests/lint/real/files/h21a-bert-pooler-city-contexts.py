# Synthetic rewrite of the shape of Michael-Carrier/WordEmbeddings:bert_embeddings.py at 0e91af60646a76d0d352a1062db394b5cf656188 (licence NOASSERTION); not the original text.
"""Embed every passage of a historical text that mentions a place name, for later mapping."""
import csv
import re

import pandas as pd
import torch
from transformers import BertModel, BertTokenizer

tok = BertTokenizer.from_pretrained("bert-base-cased")
encoder = BertModel.from_pretrained("bert-base-cased")


def place_names(path):
    return [p.strip() for p in pd.read_csv(path).iloc[:, 0].dropna().tolist()]


def passages_for(place, text, width=60):
    for sentence in re.findall(r"([^.]*?\b" + re.escape(place) + r"\b[^.]*\.)", text, re.IGNORECASE):
        at = sentence.lower().index(place.lower())
        yield sentence[max(at - width, 0): at + len(place) + width]


def embed_places(places, text):
    table = {}
    for place in places:
        rows = []
        for snippet in passages_for(place, text):
            batch = tok(snippet, return_tensors="pt", truncation=True)
            with torch.no_grad():
                embedding = encoder(**batch).pooler_output.squeeze().numpy()
            rows.append((snippet, embedding))
        table[place] = rows
    return table


def dump(table, out_path):
    with open(out_path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["place", "snippet", "vector"])
        for place, rows in table.items():
            for snippet, vec in rows:
                w.writerow([place, snippet, " ".join(f"{v:.5f}" for v in vec)])


if __name__ == "__main__":
    text = open("chronicle.txt", encoding="utf-8").read()
    dump(embed_places(place_names("places.csv"), text), "place_vectors.csv")
