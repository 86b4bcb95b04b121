# Synthetic rewrite of the shape of submarat/removing-layer-norm:mech_interp/entropy_neurons/svd_comparison.py at 01e510fa6b89334ef9b1d415cbb5049170020862 (licence NOASSERTION); not the original text.
# %%
import numpy as np
import torch as t
import einops
import matplotlib.pylab as plt
from load_models import ModelFactory

# %%
variants = ["baseline", "finetuned", "noLN"]
factory = ModelFactory(variants, model_dir="../models/", model_size="small")
summary = {}

for name, model in factory.models.items():
    W_out = model.blocks[-1].mlp.W_out          # d_mlp x d_model
    W_U = model.unembed.W_U                     # d_model x d_vocab
    out_len = t.norm(W_out, dim=1, keepdim=True)
    unit_out = W_out / out_len
    norm_Wu = W_U / t.norm(W_U, dim=0, keepdim=True)

    # cosine of every neuron with every token's unembedding, then spread over the vocab
    cos_nv = einops.einsum(norm_Wu, unit_out, "dm dv, dn dm -> dn dv")
    spread = t.var(cos_nv, dim=1).cpu().numpy()
    lengths = out_len.squeeze().cpu().numpy()
    picks = np.argsort(-(lengths / spread))[:50]

    sv = t.linalg.svdvals(W_U)
    summary[name] = dict(lengths=lengths, spread=spread, picks=picks, sv=(sv / sv.max()).cpu().numpy())

# %%
fig, axes = plt.subplots(1, len(summary), figsize=(14, 4))
for ax, (name, r) in zip(axes, summary.items()):
    ax.scatter(r["lengths"], r["spread"], s=3, alpha=0.4, label="all")
    ax.scatter(r["lengths"][r["picks"][:6]], r["spread"][r["picks"][:6]], color="red", label="entropy?")
    ax.set_yscale("log")
    ax.set_xlabel("||w_out||")
    ax.set_ylabel("LogitVar")
    ax.set_title(name)
    ax.legend()
plt.show()

# %%
for name, r in summary.items():
    plt.plot(r["sv"], label=name)
plt.legend()
plt.title("normalised singular values of W_U")
plt.show()
