# Synthetic rewrite of the shape of przemekkubiak/cdl-representations-brains-babylms:src/language_models/language_model_rdm.py at a93ab6729e16825dc78e902101db17ae001b5e2f (licence NOASSERTION); not the original text.
"""Representational dissimilarity matrices from (Baby)LM word vectors, to be
compared with brain RDMs. Word vectors are pooled hidden states of one layer
(last layer by default) of an AutoModel, not rows of its token table."""
import numpy as np
import torch
from transformers import AutoModel, AutoTokenizer


class WordVectors:
    def __init__(self, name, layer=-1, pool="mean"):
        self.tok = AutoTokenizer.from_pretrained(name, trust_remote_code=True)
        self.lm = AutoModel.from_pretrained(name, output_hidden_states=True,
                                            trust_remote_code=True).eval()
        self.layer, self.pool = layer, pool

    @torch.no_grad()
    def one(self, word):
        enc = self.tok(word, return_tensors="pt")
        states = self.lm(**enc).hidden_states[self.layer].float()
        if self.pool == "max":
            return states.max(dim=1).values[0].numpy()
        if self.pool == "cls":
            return states[0, 0].numpy()
        return states.mean(dim=1)[0].numpy()

    def many(self, words):
        return np.nan_to_num(np.stack([self.one(w) for w in words]))


def pair_rdm(vectors, index, pairs):
    zero = np.zeros(vectors.shape[1], dtype=np.float32)
    stim = np.stack([
        (vectors[index[a]] if a in index else zero) + (vectors[index[b]] if b in index else zero)
        for a, b in pairs]) / 2.0
    norms = np.linalg.norm(stim, axis=1, keepdims=True)
    unit = stim / np.where(norms < 1e-8, 1.0, norms)
    sim = np.clip(unit @ unit.T, -1.0, 1.0)       # cosine between pooled hidden-state stimuli
    rdm = 1.0 - sim
    np.fill_diagonal(rdm, 0.0)
    return rdm
