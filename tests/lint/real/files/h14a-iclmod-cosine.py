# cosaudit corpus, synthetic file: same shape as ablghtianyi/ICL_Modular_Arithmetic/interpretability/cosine_similarity.py at d520c0cb8dfa0cbde5d8c80eb7448330ded4b7f7 (licence MIT); new code, no text copied.
"""Heat maps of how alike the per-head outputs are across all (x, y) inputs of one task."""
import matplotlib.pyplot as plt
import seaborn as sns
import torch
import torch.nn.functional as F


def standardise(v: torch.Tensor) -> torch.Tensor:
    v = v / v.norm(dim=-1, keepdim=True)
    v = (v - v.mean(dim=-1, keepdim=True)) / (v.std(dim=-1, keepdim=True) + 1e-8)
    return v / v.norm(dim=-1, keepdim=True)


def head_output_maps(model, x, p, dim, shot, inv_perm, out_dir="./cos_maps"):
    wte = model.transformer.wte.weight.data[:p].cpu()
    wte = wte / wte.norm(dim=-1, keepdim=True)  # kept for the PCA script, unused below
    _, (qkv, _, _) = model.record(x)
    head_size = model.n_embd // model.n_head
    for layer, (q, k, v) in enumerate(qkv):
        att = F.scaled_dot_product_attention(q, k, v, is_causal=True).transpose(1, 2)
        for h in range(model.n_head):
            w_o = model.transformer.h[layer].attn.o.weight.data[:, h * head_size:(h + 1) * head_size].cpu()
            out = F.linear(att[:, :, h, :], w_o)
            grid = standardise(out[inv_perm, dim * shot:dim * (shot + 1), :].view(p, p, dim, -1))
            flat = grid[:, :, 2, :].reshape(p * p, -1)
            sim = flat @ flat.T
            fig, ax = plt.subplots(figsize=(7, 6))
            sns.heatmap(sim.numpy(), cmap="coolwarm", vmin=-1, vmax=1, ax=ax)
            fig.savefig(f"{out_dir}/L{layer}H{h}_shot{shot}.pdf")
            plt.close(fig)
