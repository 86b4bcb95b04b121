# Synthetic rewrite of the shape of Hypogenic-AI/residual-stream-biject-claude:src/run_experiments.py at fc3a9bf2ca81d210c2b645e881c8b312840c1537 (licence NOASSERTION); not the original text.
"""Does GPT-2 read a token-permuted (ciphered) text 'modulo the shuffle'?

Residual streams for clean vs ciphered input are compared position-wise by
cosine, and every layer is decoded through the unembedding (logit lens) to see
where the cipher-consistent next token ranks."""
import torch
from transformer_lens import HookedTransformer


def streams(model, toks):
    _, cache = model.run_with_cache(toks)
    out = [cache["blocks.0.hook_resid_pre"][0].cpu()]
    for i in range(model.cfg.n_layers):
        out.append(cache[f"blocks.{i}.hook_resid_post"][0].cpu())
    return out


def positionwise_cos(x, y):
    x = x / (x.norm(dim=-1, keepdim=True) + 1e-10)
    y = y / (y.norm(dim=-1, keepdim=True) + 1e-10)
    return (x * y).sum(-1)


def lens_ranks(model, layer_states, targets):
    W = model.W_U.detach().cpu().float()
    bias = model.b_U.detach().cpu().float()
    ranks = []
    for h in layer_states:
        scores = h.float() @ W + bias
        tgt = scores.gather(1, targets[:, None])
        ranks.append((scores > tgt).sum(-1).float().mean().item())
    return ranks


if __name__ == "__main__":
    lm = HookedTransformer.from_pretrained("gpt2")
    perm = torch.randperm(lm.cfg.d_vocab)
    clean = lm.to_tokens("The quick brown fox jumps over the lazy dog.")
    shuffled = perm[clean]
    a, b = streams(lm, clean), streams(lm, shuffled)
    print([positionwise_cos(u, v).mean().item() for u, v in zip(a, b)])
    next_ids = perm[clean[0, 1:]]
    print(lens_ranks(lm, [s[:-1] for s in b], next_ids))
