# Synthetic rewrite of the shape of shedrachIkenna/lm-research-pilot:analyze_cpu.py at ea18f23c8d046e385356710d076e9c6c68423e37 (licence NOASSERTION); not the original text.
"""
Token-table analysis over training checkpoints.

Outputs:
    - UMAP plots per checkpoint
    - linear and k-NN probe accuracy for POS tags
    - silhouette per POS tag
    - mean intra-class and inter-class cosine similarity per POS tag
    - nearest neighbours of a few example tokens
"""
import json
from pathlib import Path

from transformers import GPT2LMHeadModel


def pos_labels(path):
    with open(path) as fh:
        return json.load(fh)


def checkpoints_in(root):
    found = sorted(Path(root).glob("checkpoint-*"), key=lambda p: int(p.name.split("-")[1]))
    if not found:
        raise ValueError(f"no checkpoints under {root}")
    return found


def table_at(ckpt_dir):
    """Return the (vocab, dim) token table stored in one checkpoint."""
    lm = GPT2LMHeadModel.from_pretrained(ckpt_dir)
    table = lm.transformer.wte.weight.detach().cpu().numpy()
    return table
