# Synthetic rewrite of the shape of kasia284/iclr_induction:activation_unembedding_similarity_matrix.py at 31febbdf8d2917741b2ac2e8f1eb05aa10a5c810 (licence NOASSERTION); not the original text.
"""Put the last-layer mean activations of a word grid next to the same words' output-head rows
and draw one joint similarity picture (cosine / Gram / L2) over all of them."""
import importlib.util
import os

import numpy as np
import torch
from transformers import AutoTokenizer

from plotting import CHECKPOINT, similarity_heatmaps
from vocab_sets import GRID_WORDS

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("head_helpers", os.path.join(HERE, "head_helpers.py"))
helpers = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(helpers)

OUT = "figures/act-vs-head-similarity"


def one_grid(head, tok, key):
    vocab = GRID_WORDS[key]
    activations, layer = helpers.final_layer_means(key)
    ids = torch.tensor([helpers.single_id(tok, v) for v in vocab])
    unembeddings = head[ids].numpy()                       # rows of lm_head.weight
    stacked = np.concatenate([activations, unembeddings], axis=0)
    names = [v + ":act" for v in vocab] + [v + ":U" for v in vocab]
    similarity_heatmaps(stacked, names, OUT, f"joint_{key}.png",
                        title=f"layer {layer} activations + head rows ({key})")


if __name__ == "__main__":
    head = helpers.read_head_matrix()                   # lm_head.weight, [vocab, d_model]
    tok = AutoTokenizer.from_pretrained(CHECKPOINT)
    for key in ("corners", "lemma_grid", "shuffled"):
        one_grid(head, tok, key)
