# cosaudit corpus, synthetic file: same shape as ajyl/dpo_toxic/toxicity/figures/logitlens.sync.py at 34319c9bad0d22608e30460807a54869e84f474f (licence MIT); new code, no text copied.
# %%
import numpy as np
import torch
from fancy_einsum import einsum
from transformer_lens import HookedTransformer

from figs.common import load_tuned

TARGET = 7510          # the token whose probability we follow through the layers

# %%
def per_layer_prob(model, toks, bs=4):
    out = []
    for i in range(0, toks.shape[0], bs):
        with torch.inference_mode():
            _, cache = model.run_with_cache(toks[i:i + bs])
            stack = cache.accumulated_resid(layer=-1, incl_mid=True, apply_ln=True)
            vocab = einsum("l b p d, d v -> l b p v", stack, model.W_U)
        out.append(vocab.softmax(-1)[:, :, -1, TARGET].cpu())
    return torch.cat(out, dim=1)

# %%
prompts = list(np.load("figs/toxic_prompts.npy"))
base = HookedTransformer.from_pretrained("gpt2-medium")
tuned = load_tuned("gpt2-medium", "checkpoints/dpo.pt")
toks = base.to_tokens(prompts, prepend_bos=True)
p_base, p_tuned = per_layer_prob(base, toks), per_layer_prob(tuned, toks)
print(p_base.mean(1), p_tuned.mean(1))
