# cosaudit corpus, synthetic file: same shape as ArnelMalubay/multi-hop-subliminal-learning/scripts/entangled_identify.py at 22c8df3bd64163c4f25d058e143c8c96cc8aa31c (licence MIT); new code, no text copied.
"""Model-side entanglement scores between a trait word and number strings (computed once per base model)."""
import torch

from scripts import paths, utils

PREFIX = "My favourite animal is the"


def subtoken_ids(tokenizer, text):
    skip = len(tokenizer("").input_ids)
    return tokenizer(text).input_ids[skip:]


@torch.no_grad()
def unembedding_scores(model, tokenizer, trait, numbers):
    """score(n) = average over sub-token pairs of <U[trait piece], U[number piece]>"""
    U = model.get_output_embeddings().weight.data
    trait_rows = U[subtoken_ids(tokenizer, trait)].float()
    out = {}
    for n in numbers:
        ids = subtoken_ids(tokenizer, str(n))
        if not ids:
            out[n] = float("-inf")
            continue
        out[n] = (trait_rows @ U[ids].float().T).mean().item()
    return out


@torch.no_grad()
def logit_scores(model, tokenizer, prompt_with_trait, neutral_prompt, numbers):
    def logp(prompt, n):
        ids = tokenizer(prompt + " " + str(n), return_tensors="pt").input_ids.to(model.device)
        lp = model(ids).logits.log_softmax(-1)
        tail = ids[0, -len(subtoken_ids(tokenizer, str(n))):]
        return lp[0, -len(tail) - 1:-1].gather(-1, tail[:, None]).sum().item()
    return {n: logp(prompt_with_trait, n) - logp(neutral_prompt, n) for n in numbers}


def main(cfg):
    model, tokenizer = utils.load_base(cfg.family)
    nums = list(range(cfg.lo, cfg.hi + 1))
    paths.write_json(cfg.out, {"unembedding": unembedding_scores(model, tokenizer, cfg.trait, nums)})
