# Synthetic rewrite of the shape of imranq/user_identity_mechinterp:persona_steer_demo.py at 82d66f4562bf2cc4d8c5a0b51ebda455627cae0c (licence NOASSERTION); not the original text.
# Idea kept: add alpha * persona_direction to the residual at one layer,
# measure KL between base and steered next-token distributions by pushing the
# residual through model.unembed, and compare against a random direction that
# is rescaled to the persona direction's norm.
import numpy as np
import torch
from transformer_lens import HookedTransformer


def projection_scores(model, prompts, direction, layer):
    d = torch.tensor(direction, dtype=torch.float32, device=model.cfg.device)
    _, cache = model.run_with_cache(model.to_tokens(prompts))
    ends = [model.to_tokens(p)[0].shape[0] - 1 for p in prompts]
    return [float(cache["resid_pre", layer][i, e] @ d) for i, e in enumerate(ends)]


def steer_kl(model: HookedTransformer, prompts, direction, layer, alpha):
    d = torch.tensor(direction, dtype=torch.float32, device=model.cfg.device)
    toks = model.to_tokens(prompts)
    ends = [model.to_tokens(p)[0].shape[0] - 1 for p in prompts]
    hook = (f"blocks.{layer}.hook_resid_pre", lambda act, hook: act + alpha * d)
    _, base = model.run_with_cache(toks)
    with model.hooks(fwd_hooks=[hook]):
        _, steered = model.run_with_cache(toks)
    out = []
    for i, e in enumerate(ends):
        p = model.unembed(base["resid_pre", layer][i, e]).softmax(0)
        q = model.unembed(steered["resid_pre", layer][i, e]).softmax(0)
        out.append(float((p * ((p + 1e-12).log() - (q + 1e-12).log())).sum()))
    return float(np.mean(out))


def random_like(direction, seed=0):
    g = np.random.default_rng(seed).standard_normal(direction.shape)
    g /= np.linalg.norm(g) + 1e-8
    return g * (np.linalg.norm(direction) + 1e-8)


if __name__ == "__main__":
    m = HookedTransformer.from_pretrained("google/gemma-2-2b-it")
    v = np.load("persona_direction.npy")
    for name, vec in [("persona", v), ("random", random_like(v))]:
        print(name, steer_kl(m, ["Tell me about your weekend."], vec, layer=4, alpha=8.0))
