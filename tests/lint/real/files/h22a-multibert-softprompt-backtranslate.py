# Synthetic rewrite of the shape of FSadrieh/token-splitting-effect:src/evaluation/back_translation.py at 20bba938da816e7a06ce68582c4ff4e79f913916 (licence NOASSERTION); not the original text.
"""Turn a trained soft prompt back into words: nearest vocabulary entries of each MultiBERT checkpoint."""
import argparse

import torch
from transformers import AutoModelForMaskedLM, AutoTokenizer

from helpers import load_soft_prompt, checkpoint_names


def parse():
    p = argparse.ArgumentParser()
    p.add_argument("prompt_name")
    p.add_argument("seeds", help="comma separated MultiBERT seeds")
    p.add_argument("--metric", default="euclidean", choices=["euclidean", "cosine"])
    p.add_argument("--length", type=int, default=16)
    return p.parse_args()


def nearest_words(prompt, checkpoint, metric):
    mlm = AutoModelForMaskedLM.from_pretrained(checkpoint)
    table = mlm.get_input_embeddings().weight
    picked = []
    for vec in prompt:
        vec = vec.unsqueeze(0)
        if metric == "cosine":
            score = -torch.nn.functional.cosine_similarity(vec, table, dim=-1)
        else:
            score = torch.linalg.vector_norm(table - vec, dim=-1)
        picked.append(int(score.argmin()))
    tok = AutoTokenizer.from_pretrained(checkpoint)
    return tok.decode(picked), picked


if __name__ == "__main__":
    a = parse()
    prompt = load_soft_prompt(a.prompt_name, a.length, 768)
    for ckpt in checkpoint_names(a.seeds.split(",")):
        print(nearest_words(prompt, ckpt, a.metric))
