# expect: COS301
"""Heads that reach a similarity in the order real modules are written: a class above the helper it
calls, a method followed from another method before its own turn, a row picked as `rows[i, :]`, an
optional argument whose default is the tied token table, and a model unwrapped only when it comes
as a tuple. The look-alikes stay quiet: the same helper given hidden states, a matrix multiplied
by its own rows before a softmax, and a head read out along concept directions.

Shapes seen in public perturbation and token-geometry code; written for cosaudit's tests.
"""
import numpy as np
import torch
from transformers import AutoModelForCausalLM, GPT2LMHeadModel


class NearestSwap:
    def __init__(self, n, table=None):
        self.n = n
        if table is None:
            lm = GPT2LMHeadModel.from_pretrained("gpt2")
            if isinstance(lm, tuple):
                lm = lm[0]
            self.table = lm.transformer.wte.weight.detach().numpy()

    def swap_all(self, ids):
        return [self.swap(i) for i in ids]

    def swap(self, token_id):
        order = rank_by_closeness(token_id, self.table)  # expect: COS150
        return order[self.n]


class HeadNeighbours:
    def __init__(self, model):
        self.rows = model.lm_head.weight.detach().numpy()

    def report(self, ids):
        return {i: self.closest(i) for i in ids}

    def closest(self, i):
        return rank_by_closeness(i, self.rows)[:5]  # expect: COS101


class Router:
    def __init__(self, model, n=500):
        self.lm_head = model.lm_head
        self.head_rows = self.lm_head.weight
        self.n = n
        with torch.no_grad():
            self.threshold = self._calibrate()

    def _calibrate(self):
        sample = self.head_rows[torch.randint(0, 1000, (self.n,))]
        sample = torch.nn.functional.normalize(sample, dim=1)
        return torch.matmul(sample, sample.T).flatten().quantile(0.3)  # expect: COS101


class HiddenNeighbours:
    def __init__(self, states):
        self.states = states

    def closest(self, i):
        return rank_by_closeness(i, self.states)[:5]


def rank_by_closeness(ref, table):
    one = table[ref, :]
    unit_rows = table / np.linalg.norm(table, axis=1, keepdims=True)
    unit_one = one / np.linalg.norm(one)
    return np.argsort(-np.dot(unit_rows, unit_one))  # expect: COS103


pythia = AutoModelForCausalLM.from_pretrained("EleutherAI/pythia-160m")
E_in = pythia.gpt_neox.embed_in.weight
self_decoded = torch.softmax(E_in[0:1000] @ E_in.T, dim=-1)
unembedding = pythia.embed_out.weight.detach()
directions = torch.stack(list(concept_directions(unembedding).values()))
read_out = (unembedding @ directions.T).argmax(dim=0)
