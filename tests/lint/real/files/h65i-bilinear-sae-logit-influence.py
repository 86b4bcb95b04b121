# Synthetic rewrite of the shape of tdooms/bilinear-decomposition:src/sae/visualizer.py at e96af28343d1c7988f71e71951a29a0e33f3c404 (licence NOASSERTION); not the original text.
"""Inspect one SAE latent of a small bilinear language model: print its top-activating
contexts and the tokens whose output rows it pushes up or down the most.

The SAE decoder columns are kept at unit norm during training; the model's lm_head rows
are used as they are (raw dot product, no normalisation of the head).
"""
import torch
from einops import einsum


class ModelView:
    def __init__(self, model):
        self.model = model
        self.tokenizer = model.tokenizer

    @property
    def unembed(self):
        return self.model.lm_head.weight

    @property
    def embed(self):
        return self.model.transformer.wte.weight.T


class LatentInspector:
    def __init__(self, model, sae, top_acts, corpus):
        self.sae = sae
        self.view = ModelView(model)
        self.top_acts = top_acts
        self.corpus = corpus

    def token_effects(self, latent, k=5):
        direction = self.sae.w_dec.weight[:, latent]
        scores = einsum(direction, self.view.unembed, "d, v d -> v")
        up, down = scores.topk(k), scores.topk(k, largest=False)
        for name, res in (("up", up), ("down", down)):
            words = [f"{self.view.tokenizer.decode(i)}:{v.item():.2f}" for i, v in zip(res.indices, res.values)]
            print(name, ", ".join(words))

    def contexts(self, latent, k=5, window=10):
        vals, idx = self.top_acts[latent].topk(k)
        for v, flat in zip(vals, idx):
            row, col = divmod(int(flat), self.corpus.shape[1])
            ids = self.corpus[row, max(0, col - window): col + 1]
            print(f"{v.item():.1f}: {self.view.tokenizer.decode(ids)}")
