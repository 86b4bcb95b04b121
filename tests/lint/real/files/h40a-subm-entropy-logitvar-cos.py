# Synthetic rewrite of the shape of submarat/removing-layer-norm:mech_interp/confidence_neurons/plota.py at 5752ffe522d91ca9f9cbc80c6af9d929bad8079a (licence NOASSERTION); not the original text.
#%%
import torch
import matplotlib.pyplot as plt
from transformer_lens import HookedTransformer


def load_reference():
    return HookedTransformer.from_pretrained("gpt2-small", fold_ln=True, center_writing_weights=True, center_unembed=True)


def out_weight_norms(model, layer=11):
    return model.blocks[layer].mlp.W_out.norm(p=2, dim=1)


def vocab_cosine_spread(model, layer=11):
    W_out = model.blocks[layer].mlp.W_out          # neurons x d_model
    W_U = model.W_U                                # d_model x vocab
    raw = torch.einsum("nd,dv->nv", W_out, W_U)    # neuron-token dot products
    col_norm = torch.norm(W_U, p=2, dim=0)         # one norm per token
    row_norm = torch.norm(W_out, p=2, dim=1)       # one norm per neuron
    logit_var = torch.var(raw / (col_norm[None, :] * row_norm[:, None]), dim=1)
    return logit_var


model = load_reference()
#%%
norms = out_weight_norms(model)
spread = vocab_cosine_spread(model)
candidates = [584, 2378, 2870]

plt.scatter(norms.detach().cpu(), spread.detach().cpu(), s=4, alpha=0.4)
plt.scatter(norms[candidates].detach().cpu(), spread[candidates].detach().cpu(), color="k", label="entropy-neuron candidates")
plt.xlabel("||W_out[n]||")
plt.ylabel("variance over vocab of cos(W_out[n], W_U[:, t])")
plt.yscale("log")
plt.legend()
plt.show()

#%%
# how much of each candidate's output direction lies in the weak singular directions of W_U
U, S, V = torch.svd(model.W_U.T)
for n in candidates:
    proj = model.blocks[11].mlp.W_out[n] @ V
    share = proj.abs() / proj.norm()
    plt.plot(share.detach().cpu(), label=str(n))
plt.plot((S / S.max()).detach().cpu(), "k--", label="singular values")
plt.legend()
plt.show()
