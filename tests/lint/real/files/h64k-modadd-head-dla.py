# Synthetic rewrite of the shape of benchaddha/modular-addition-grokking:src/surgery.py at d896a327adc39058fdc3ffb9d221338709542d95 (licence MIT); not the original text.
"""Rank attention heads of a grokked modular-addition model two ways: by
activation x gradient of the correct logit, and by direct logit attribution
(head output dotted with the unembedding column of the correct answer)."""
import torch


def head_scores(model, tokens, answers, w_o_per_layer, bs=256):
    unembed = model.W_U.detach().cpu()                 # (d_model, p)
    L, H = model.cfg.n_layers, model.cfg.n_heads
    grad_sum = torch.zeros(L, H, dtype=torch.float64)
    dla_sum = torch.zeros(L, H, dtype=torch.float64)
    for s in range(0, len(tokens), bs):
        x = tokens[s:s + bs].to(model.cfg.device)
        y = answers[s:s + bs].to(model.cfg.device)
        model.zero_grad()
        store = model.add_caching_hooks(names_filter=lambda n: n.endswith("attn.hook_z"),
                                        incl_bwd=True, device="cpu")
        model(x)[:, -1, :].gather(1, y[:, None]).mean().backward()
        model.reset_hooks()
        answer_dirs = unembed[:, y.cpu()].T             # one unembedding column per example
        for layer in range(L):
            z = store[f"blocks.{layer}.attn.hook_z"][:, -1]
            dz = store[f"blocks.{layer}.attn.hook_z_grad"][:, -1]
            grad_sum[layer] += (z * dz).sum(-1).sum(0, dtype=torch.float64)
            out = torch.einsum("bhd,hdm->bhm", z.float(), w_o_per_layer[layer])
            dla = torch.einsum("bhm,bm->bh", out, answer_dirs)   # raw dot with the answer column
            dla_sum[layer] += dla.sum(0, dtype=torch.float64)
    n = len(tokens)
    return grad_sum / n, dla_sum / n
