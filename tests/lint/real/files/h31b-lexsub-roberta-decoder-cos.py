# Synthetic rewrite of the shape of Samsung/LexSubGen:lexsubgen/prob_estimators/roberta_estimator.py at 7d49693a754d4f6fc55f30a3ffe15fba222eed3d (licence Apache-2.0); not the original text.
from typing import Dict, List

import numpy as np
from transformers import RobertaForMaskedLM, RobertaTokenizer


class SubstituteScorer:
    """Rank vocabulary items as substitutes for a target word."""

    cache: Dict[str, dict] = {}

    def __init__(self, name="roberta-base", sim="cosine", pool="mean", temp=1.0):
        self.name, self.sim, self.pool, self.temp = name, sim, pool, temp

    def load(self):
        if self.name in self.cache:
            return
        mlm = RobertaForMaskedLM.from_pretrained(self.name).eval()
        tok = RobertaTokenizer.from_pretrained(self.name)
        table = mlm.lm_head.decoder.weight.data.cpu().numpy()
        unit = table / np.linalg.norm(table, axis=-1, keepdims=True)
        self.cache[self.name] = {"tok": tok, "raw": table, "unit": unit}

    @property
    def store(self):
        return self.cache[self.name]

    def _target_vec(self, piece_ids: List[int], embeddings: np.ndarray):
        if self.pool == "mean":
            return embeddings[piece_ids].mean(axis=0, keepdims=True)
        if self.pool == "first":
            return embeddings[piece_ids[:1]]
        return embeddings[piece_ids[-1:]]

    def scores(self, targets: List[str]) -> np.ndarray:
        self.load()
        embeddings = self.store["raw"] if self.sim == "dot" else self.store["unit"]
        tok = self.store["tok"]
        target_word_embeddings = np.vstack([
            self._target_vec(tok.encode(" " + w, add_special_tokens=False), embeddings)
            for w in targets
        ])
        # each target's output-head row against every output-head row of the vocabulary
        emb_sim = np.matmul(target_word_embeddings, embeddings.T)
        return emb_sim / self.temp
