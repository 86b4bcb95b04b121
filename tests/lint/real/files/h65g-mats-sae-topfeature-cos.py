# Synthetic rewrite of the shape of Endauvor/MATS_Reload:sae_experiments/sae.py at 5c139e89830b8ed55c246ff01bf0a4c68558fd6e (licence NOASSERTION); not the original text.
"""Do tokens whose top SAE latents point the same way carry less information?"""
import os

import matplotlib.pyplot as plt
import numpy as np
import torch
from sae_lens import SAE
from transformer_lens import HookedTransformer


def top_decoder_directions(sae, sae_cache, k):
    acts = sae_cache["hook_sae_acts_post"]            # [pos, d_sae]
    _, idx = acts.topk(k, dim=-1)
    dirs = sae.W_dec[idx]                              # [pos, k, d_model]
    return dirs


def run(prompt="Ann and Bo went to the shop. Bo left. Ann handed the bag to", layer=9, k=4):
    model = HookedTransformer.from_pretrained("gpt2-small")
    _, cache = model.run_with_cache(prompt)
    str_toks = model.to_str_tokens(prompt)

    sae, _, _ = SAE.from_pretrained_with_cfg_and_sparsity(
        release="gpt2-small-resid-post-v5-32k", sae_id=f"blocks.{layer}.hook_resid_post"
    )
    resid = cache[f"blocks.{layer}.hook_resid_post"][0]
    _, sae_cache = sae.run_with_cache(resid)
    dirs = top_decoder_directions(sae, sae_cache, k)

    below_diag = torch.tril(torch.ones(k, k), diagonal=-1).bool()
    mean_cos = []
    for pos in range(dirs.shape[0]):
        unit = dirs[pos] / (dirs[pos].norm(dim=-1, keepdim=True) + 1e-8)
        sims = unit @ unit.T
        mean_cos.append(sims[below_diag].mean().item())
        print(f"{pos:2d} {str_toks[pos]!r:>14}  {mean_cos[-1]:.4f}")

    os.makedirs("plots", exist_ok=True)
    fig, ax = plt.subplots(figsize=(10, 4))
    ax.bar(np.arange(len(mean_cos)), mean_cos)
    ax.set_xticks(np.arange(len(mean_cos)))
    ax.set_xticklabels(str_toks, rotation=60, ha="right")
    ax.set_ylabel("mean pairwise cosine of top SAE latents")
    fig.tight_layout()
    fig.savefig("plots/top_latent_cosine.png", dpi=120)


if __name__ == "__main__":
    run()
