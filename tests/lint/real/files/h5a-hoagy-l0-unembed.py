# cosaudit corpus, synthetic file: same shape as HoagyC/sparse_coding/experiments/check_l0_tokens.py at 69c5ae06813ee77bafa679dfacee33b21395d8e4 (licence NOASSERTION); new code, no text copied.
"""Do the layer-0 dictionary atoms just copy token vectors? Compare each atom with every token row."""

import matplotlib.pyplot as plt
import torch
from transformer_lens import HookedTransformer

from metrics import max_cos_to_rows

lm = HookedTransformer.from_pretrained("EleutherAI/pythia-70m-deduped")

E = lm.W_E.detach().cpu()          # (vocab, d)
U = lm.W_U.detach().cpu().T        # (vocab, d): one row per output token

# unit rows so that an inner product is a cosine
E_hat = E / E.norm(dim=-1, keepdim=True)
U_hat = U / U.norm(dim=-1, keepdim=True)

RATIOS = [1, 2, 4, 8]
curves = {}
for layer in range(6):
    per_ratio = []
    for r in RATIOS:
        atoms = torch.load(f"runs/resid_l{layer}_x{r}/dict.pt")[-1]
        embed_score = max_cos_to_rows(atoms, E_hat)
        unembed_score = max_cos_to_rows(atoms, U_hat)
        print(layer, r, "embed", embed_score.mean().item(), "unembed", unembed_score.mean().item())
        per_ratio.append((embed_score.mean().item(), unembed_score.mean().item()))
    curves[layer] = per_ratio

fig, (left, right) = plt.subplots(1, 2, figsize=(9, 4))
for layer, pts in curves.items():
    left.plot([p[0] for p in pts], label=f"L{layer}")
    right.plot([p[1] for p in pts], label=f"L{layer}")
left.set_title("vs token embeddings")
right.set_title("vs unembedding rows")
for ax in (left, right):
    ax.set_xticks(range(len(RATIOS)), RATIOS)
    ax.set_ylabel("mean max cosine")
    ax.legend()
fig.savefig("atoms_vs_tokens.png")
