# Synthetic rewrite of the shape of Dora238/Domain-Inference:domain_discover/generater.py at bc04eb313694825685c543ec872f9938358a57c4 (licence NOASSERTION); not the original text.
"""Evolve a continuous prefix for a frozen GPT-2 so that its samples land in one
class of an opaque text classifier; after each generation, name the prefix by the
vocabulary items it sits closest to."""
import random

import cma
import numpy as np
import torch
from transformers import GPT2LMHeadModel, GPT2Tokenizer


class FrozenPrefixLM(torch.nn.Module):
    def __init__(self, name="gpt2", n_virtual=8, seed_word=None, jitter=0.02):
        super().__init__()
        self.dev = "cuda" if torch.cuda.is_available() else "cpu"
        self.lm = GPT2LMHeadModel.from_pretrained(name).to(self.dev).eval()
        self.lm.requires_grad_(False)
        self.tok = GPT2Tokenizer.from_pretrained(name)
        table = self.lm.transformer.wte
        width = self.lm.config.n_embd
        if seed_word:
            ids = torch.tensor(self.tok(seed_word, add_special_tokens=False).input_ids, device=self.dev)
            start = table(ids).mean(0).repeat(n_virtual, 1)
        else:
            start = torch.zeros(n_virtual, width, device=self.dev)
        start = start + jitter * torch.randn(n_virtual, width, device=self.dev)
        self.soft = torch.nn.Parameter(start, requires_grad=False)

    @torch.no_grad()
    def sample(self, soft, cue="Write a sentence about: ", max_length=40):
        cue_ids = self.tok(cue, return_tensors="pt", add_special_tokens=False).input_ids.to(self.dev)
        embeds = torch.cat([soft.unsqueeze(0), self.lm.transformer.wte(cue_ids)], dim=1)
        pos = torch.arange(embeds.shape[1], device=self.dev).unsqueeze(0)
        out = self.lm.generate(inputs_embeds=embeds, position_ids=pos, max_length=max_length,
                               do_sample=True, top_p=0.9, pad_token_id=self.tok.eos_token_id)
        return self.tok.decode(out[0], skip_special_tokens=True)


def search_prefix(goal, oracle, seed_word=None, rounds=20, popsize=6, draws=30, tether=0.05):
    random.seed(0); np.random.seed(0); torch.manual_seed(0)
    lm = FrozenPrefixLM(seed_word=seed_word)
    anchor = lm.soft.detach().clone()

    # unit-length copies of every token row, for naming a prefix by its neighbours
    with torch.no_grad():
        rows = lm.lm.transformer.wte.weight
        unit_rows = rows / rows.norm(dim=1, keepdim=True)

    def describe(vec, k=3):
        q = vec.to(unit_rows.dtype) / vec.norm()
        scores, ids = torch.topk(unit_rows @ q, k=k)
        pieces = lm.tok.convert_ids_to_tokens(ids.tolist())
        return "".join(p.replace("\u0120", "") for p in pieces)

    def loss(flat):
        soft = torch.tensor(flat.reshape(lm.soft.shape), device=lm.dev, dtype=lm.soft.dtype)
        hits = sum(oracle.predict(lm.sample(soft)) == goal for _ in range(draws))
        drift = ((soft - anchor) ** 2).mean().item()
        return -(hits / draws - tether * drift)

    es = cma.CMAEvolutionStrategy(lm.soft.detach().cpu().numpy().ravel(), 0.5, {"popsize": popsize})
    for r in range(rounds):
        batch = es.ask()
        es.tell(batch, [loss(b) for b in batch])
        best = torch.tensor(es.result.xbest.reshape(lm.soft.shape), device=lm.dev)
        print(f"round {r}: rate={-es.best.f:.3f} nearest={describe(best.mean(0))!r}")
    return es.result.xbest.reshape(lm.soft.shape)
