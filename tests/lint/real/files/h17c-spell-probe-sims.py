# cosaudit corpus, synthetic file: same shape as neelnanda-io/GPT-Spelling-Bee/scratch.py at dd3c48b57ef945eb5dec96af654a700e91a2e923 (licence MIT); new code, no text copied.
# %%
import numpy as np
import torch
import torch.nn as nn
from scipy.cluster import hierarchy
from transformer_lens import HookedTransformer
import neel.utils as nutils
from neel.imports import imshow

model = HookedTransformer.from_pretrained("gpt-j-6b")
d_model = model.cfg.d_model
letters = "abcdefghijklmnopqrstuvwxyz"
eff_embed = torch.load("eff_embed.pt")

# %%
# letter probes: one 26-way softmax probe per letter position, trained with cross-entropy
probes = []
for pos in range(5):
    probe = nn.Linear(d_model, 26).cuda()
    probe.load_state_dict(torch.load(f"probes/letter_{pos}.pt"))
    probes.append(probe)
W = torch.stack([p.weight for p in probes], dim=0)      # [5, 26, d_model]

# %%
def probe_scores(probe, words, labels):
    lp = probe(words).log_softmax(dim=-1)
    right = lp[np.arange(len(lp)), labels]
    return {"loss": -right.mean().item(), "acc": (lp.argmax(-1) == labels).float().mean().item()}

# %%
# how alike are the letter rows inside one probe?
same_probe = torch.stack([nutils.cos(W[i][:, None, :], W[i][None, :, :]) for i in range(5)])
imshow(same_probe, facet_col=0, x=list(letters), y=list(letters))

# %%
# and one letter across positions
same_letter = torch.stack([nutils.cos(W[:, k][:, None, :], W[:, k][None, :, :]) for k in range(26)])
imshow(same_letter, facet_col=0, facet_labels=list(letters))

# %%
flat = W.reshape(-1, d_model)
sims = nutils.cos(flat[:, None, :], flat[None, :, :]).cpu().numpy()
order = hierarchy.dendrogram(hierarchy.linkage(sims), no_plot=True)["leaves"]
imshow(sims[order][:, order])
