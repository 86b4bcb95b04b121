"""One token's row compared across checkpoints of a rotary model whose input table is not its head
(LLaMA): the same method and `itertools.combinations` pairs as the tied encoder's, read as input
geometry, which the inputs fix. Quiet.

Written for cosaudit's tests.
"""
import itertools

import numpy as np
import torch
from transformers import AutoTokenizer, LlamaForCausalLM


class Drift:
    def __init__(self, checkpoints):
        self.nets = [LlamaForCausalLM.from_pretrained(c) for c in checkpoints]
        self.tok = AutoTokenizer.from_pretrained(checkpoints[0])

    def rows_of(self, word):
        return [net.model.embed_tokens.weight[self.tok.convert_tokens_to_ids(word)] for net in self.nets]

    def agreement(self, word):
        pairs = itertools.combinations(self.rows_of(word), 2)
        return np.mean([torch.cosine_similarity(r1, r2, dim=0).item() for r1, r2 in pairs])
