# Synthetic rewrite of the shape of neelnanda-io/1L-Sparse-Autoencoder:analysis.py at bcae01328a2f41d24bd4a9160828f2fc22737f75 (licence MIT); not the original text.
# %%
import numpy as np
import pandas as pd
import scipy.stats
import torch
import torch.nn.functional as F

torch.set_grad_enabled(False)

# %%  run the dictionary on a small batch of MLP outputs
_, cache = lm.run_with_cache(batch_tokens, stop_at_layer=layer + 1, names_filter=hook_name)
x = cache[hook_name].reshape(-1, d_in)
codes = F.relu((x - sae.b_dec) @ sae.W_enc + sae.b_enc)
recon = codes @ sae.W_dec + sae.b_dec
print((x - recon).pow(2).sum(-1).mean(), sae.l1_coeff * codes.abs().sum())

# %%  do the rarely-firing dictionary atoms all point the same way?
fire_rate = estimate_firing_rates(sae, n_batches=25)
rare = fire_rate < 1e-4
rare_cols = sae.W_enc[:, rare]
rare_centre = rare_cols.mean(-1)
cos_to_centre = (rare_centre @ rare_cols) / rare_centre.norm() / rare_cols.norm(dim=0)
print("share above 0.95:", (cos_to_centre > 0.95).float().mean().item())

# %%  per-atom table
atoms = pd.DataFrame({
    "dec_kurtosis": scipy.stats.kurtosis(sae.W_dec.T.cpu().numpy()),
    "enc_kurtosis": scipy.stats.kurtosis(sae.W_enc.cpu().numpy()),
    "rare": rare.cpu().numpy(),
    "rate": fire_rate.cpu().numpy(),
})

# %%  direct effect of each atom on the next-token logits
atom_logits = sae.W_dec @ lm.W_U          # [n_atoms, d_vocab], raw products
atoms["logit_kurtosis"] = scipy.stats.kurtosis(atom_logits.T.cpu().numpy())
top_tokens = atom_logits[2].topk(10).indices
print(lm.to_str_tokens(top_tokens))
