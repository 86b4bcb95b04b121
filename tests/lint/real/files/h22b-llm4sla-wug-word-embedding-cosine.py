# Synthetic rewrite of the shape of cyberia-lain/LLM4SLA:analyze_embeddings.py at 925f3873932e0328aebe013d0d72aa19148294ca (licence NOASSERTION); not the original text.
"""Do invented words drift toward the verb or the noun cluster while a masked LM is fine-tuned?
Checkpoints come from continuing MLM training of distilbert-base-uncased with the new words added."""
import os
import re

import numpy as np
import pandas as pd
import torch
from sklearn.metrics.pairwise import cosine_similarity
from transformers import AutoModel, AutoTokenizer

RUN_DIR = "./wug_runs"
GROUPS = {
    "invented_verb": ["blicket", "sprundle"],
    "invented_noun": ["tovrin", "gaskor"],
    "verbs": ["walk", "carry", "make", "think", "see"],
    "nouns": ["dog", "chair", "river", "book", "idea"],
}


def table_vectors():
    rows = []
    ckpts = sorted((d for d in os.listdir(RUN_DIR) if d.startswith("checkpoint")),
                   key=lambda d: int(re.findall(r"\d+", d)[0]))
    for ck in ckpts:
        path = os.path.join(RUN_DIR, ck)
        step = int(re.findall(r"\d+", ck)[0])
        model = AutoModel.from_pretrained(path)
        tok = AutoTokenizer.from_pretrained(path)
        for group, words in GROUPS.items():
            ids = tok(words, add_special_tokens=False, padding=True, return_tensors="pt")["input_ids"]
            with torch.no_grad():
                vecs = model.embeddings.word_embeddings(ids).mean(dim=1).numpy()
            rows += [{"step": step, "word": w, "group": group, "vec": v} for w, v in zip(words, vecs)]
    return pd.DataFrame(rows)


def drift(df):
    verb_c = np.stack(df[df.group == "verbs"].vec).mean(0, keepdims=True)
    noun_c = np.stack(df[df.group == "nouns"].vec).mean(0, keepdims=True)
    out = []
    for step, g in df.groupby("step"):
        for kind in ("invented_verb", "invented_noun"):
            vecs = np.stack(g[g.group == kind].vec)
            out.append({
                "step": step, "kind": kind,
                "to_verbs": 1 - cosine_similarity(vecs, verb_c).mean(),
                "to_nouns": 1 - cosine_similarity(vecs, noun_c).mean(),
            })
    return pd.DataFrame(out)


if __name__ == "__main__":
    print(drift(table_vectors()))
