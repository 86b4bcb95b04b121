# Synthetic rewrite of the shape of kasia284/iclr_induction:real_embeddings_gram_matrix_unembed.py at 31febbdf8d2917741b2ac2e8f1eb05aa10a5c810 (licence NOASSERTION); not the original text.
"""Same word-grid similarity plots as for the input table, but on the output head:
read lm_head.weight straight from the safetensors shard (no full model load)."""
import glob
import json
import os

from safetensors import safe_open
import torch
from transformers import AutoTokenizer

from plotting import CHECKPOINT, similarity_heatmaps
from vocab_sets import GRID_WORDS

OUT = "figures/head-gram"


def head_from_shard():
    root = os.path.expanduser("~/.cache/huggingface/hub")
    snap = glob.glob(os.path.join(root, "models--" + CHECKPOINT.replace("/", "--"), "snapshots", "*"))[0]
    index = json.load(open(os.path.join(snap, "model.safetensors.index.json")))["weight_map"]
    with safe_open(os.path.join(snap, index["lm_head.weight"]), framework="pt") as fh:
        return fh.get_tensor("lm_head.weight").float()     # [vocab, d_model]


def first_single_id(tok, word):
    for form in (" " + word, word):
        ids = tok.encode(form, add_special_tokens=False)
        if len(ids) == 1:
            return ids[0]
    raise ValueError(word)


if __name__ == "__main__":
    W = head_from_shard()
    tok = AutoTokenizer.from_pretrained(CHECKPOINT)
    for key in ("lemma_grid", "shuffled"):
        words = GRID_WORDS[key]
        rows = W[torch.tensor([first_single_id(tok, w) for w in words])].numpy()
        # Compute pairwise cosine similarity, Gram, and L2 distance matrices of the head rows
        similarity_heatmaps(rows, words, OUT, f"head_rows_{key}.png", title=f"output rows ({key})")
