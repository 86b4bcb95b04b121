# cosaudit corpus, synthetic file: same shape as cohere-ai/magikarp/magikarp/model.py at 0d466b27416bf6a5e442fb94ffc6a299dd217cf5 (licence NOASSERTION); new code, no text copied.
"""Indicators of under-trained tokens, read off the model's embedding matrices."""
from typing import Optional

import numpy as np
from torch.nn import Embedding
from transformers import AutoModelForCausalLM

from magikarp.utils import embedding_distance_metrics


class TokenIndicators:
    NAMES = {
        "cos": "E_out cosine distance",
        "cos_centred": "Centred E_out cosine distance",
        "cos_no_pc1": "E_out cosine distance w/o 1st PC",
        "l2": "E_out L2 distance",
        "in_norm": "E_in L2 norm",
    }

    def __init__(self, model_id: str, unused_ids: Optional[list[int]] = None, min_vocab: int = 0):
        self.model = AutoModelForCausalLM.from_pretrained(model_id)
        self.tied = self.model.config.tie_word_embeddings
        tables = [m for m in self.model.modules() if isinstance(m, Embedding) and m.weight.shape[0] >= min_vocab]
        assert len(tables) == 1, f"expected one input embedding table, found {len(tables)}"
        self.input_rows = tables[0].weight.detach().numpy()
        head = self.model.lm_head if hasattr(self.model, "lm_head") else self.model.embed_out
        self.output_rows = head.weight.detach().numpy()
        self.unused_ids = unused_ids or []
        self.names, self.values = self._indicators()

    def _indicators(self):
        names, cols = [], []
        if self.unused_ids:
            d = embedding_distance_metrics(self.output_rows, self.unused_ids)
            names += ["cos", "cos_centred", "cos_no_pc1", "l2"]
            cols += [
                d.cosine_distance,
                d.cosine_distance_without_mean,
                d.cosine_distance_without_first_pc,
                d.l2_distance,
            ]
        elif self.tied:
            raise ValueError("tied embeddings need a list of known unused token ids")
        if not self.tied:  # untied: the input-row norm goes first and becomes the default
            names = ["in_norm"] + names
            cols = [np.linalg.norm(self.input_rows, axis=1)] + cols
        values = np.stack(cols, axis=-1) if cols else np.zeros((self.output_rows.shape[0], 0))
        return [self.NAMES[n] for n in names], values
