# Synthetic rewrite of the shape of Hypogenic-AI/similar-embeddings-nlp-5ef8-codex:src/run_experiments.py at e6598d9c0ce00bf45c345ca402e5fee4d97cdcdb (licence NOASSERTION); not the original text.
"""Do translation pairs sit closer together in a multilingual encoder's token table?

Static baseline: average the wordpiece rows of the shared (tied) XLM-R token
table for each word of a bilingual dictionary pair and compare them by cosine,
against shuffled non-translation pairs."""
import random

import pandas as pd
import torch
from transformers import AutoModel, AutoTokenizer


def pair_cosine(u, v):
    return torch.nn.functional.cosine_similarity(u, v, dim=0).item()


def word_vector(word, tok, table):
    ids = tok(word, add_special_tokens=False, return_tensors="pt")["input_ids"][0]
    if ids.numel() == 0:
        return torch.zeros(table.shape[1])
    return table[ids].mean(dim=0)


def static_scores(encoder, tok, lexicon):
    table = encoder.get_input_embeddings().weight.detach().cpu()
    rows = []
    for a, b in lexicon:
        score = pair_cosine(word_vector(a, tok, table), word_vector(b, tok, table))
        rows.append({"a": a, "b": b, "cos": score, "kind": "translation"})
    shuffled = [b for _, b in lexicon]
    random.shuffle(shuffled)
    for (a, _), b in zip(lexicon, shuffled):
        score = pair_cosine(word_vector(a, tok, table), word_vector(b, tok, table))
        rows.append({"a": a, "b": b, "cos": score, "kind": "shuffled"})
    return pd.DataFrame(rows)


if __name__ == "__main__":
    name = "xlm-roberta-base"
    tok = AutoTokenizer.from_pretrained(name)
    enc = AutoModel.from_pretrained(name).eval()
    lexicon = [("house", "maison"), ("water", "eau"), ("dog", "chien")]
    frame = static_scores(enc, tok, lexicon)
    print(frame.groupby("kind")["cos"].mean())
