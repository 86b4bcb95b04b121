# Synthetic rewrite of the shape of rosharma719/tadpoleLM:logit_lens.py at 38df15c4c7dc213083460071d7d7f44fecf5b95f (licence NOASSERTION); not the original text.
"""Peek at every block's residual stream through the model's own output head.

The small model ties its output head to the token table, so reading a half-built
residual through final_norm + head asks which token vectors it already leans toward.
Earlier rows are only a rough guess; the last row is the real prediction.
"""
import torch


def collect_stream(model, tokens):
    seen, hooks = [], []

    def keep(name):
        return lambda _m, _i, out: seen.append((name, out.detach()))

    hooks.append(model.embedding_dropout.register_forward_hook(keep("embed")))
    for n, block in enumerate(model.blocks):
        hooks.append(block.register_forward_hook(keep(f"block {n}")))
    try:
        model(tokens)
    finally:
        for h in hooks:
            h.remove()
    return seen


def lens_probabilities(model, residual):
    last_position = residual[:, -1, :]
    logits = model.language_model_head(model.final_norm(last_position))
    return torch.softmax(logits, dim=-1)


def show(model, tokenizer, tokens, k=5):
    for name, resid in collect_stream(model, tokens):
        p, ids = lens_probabilities(model, resid)[0].topk(k)
        print(name, [(tokenizer.decode([int(i)]), round(float(q), 3)) for q, i in zip(p, ids)])
