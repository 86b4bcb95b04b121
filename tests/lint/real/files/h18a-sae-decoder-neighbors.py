# Synthetic rewrite of the shape of EleutherAI/sae-auto-interp:sae_auto_interp/scorers/neighbors/save_neighbors.py at 6bd698367dc6dc122f3a1bbc8cee012a01eea8a7 (licence NOASSERTION); not the original text.
# %%
import json

import torch
import torch.nn.functional as F
from nnsight import LanguageModel

from featlib.saes import attach_saes

lm = LanguageModel("openai-community/gpt2", device_map="auto", dispatch=True)
saes = attach_saes(lm, layers=list(range(0, 12, 2)), root="/data/saes/gpt2_128k")


def latent_cosines(dec_weight, first=1000):
    # columns of the decoder are the latent directions in the residual stream
    queries = F.normalize(dec_weight[:, :first], p=2, dim=0)
    keys = F.normalize(dec_weight, p=2, dim=1)
    cos_sim = torch.mm(queries.t(), keys)
    return cos_sim


# %%
neighbours = {}
for layer in range(0, 12, 2):
    dec_weight = saes[layer].autoencoder.decoder.weight
    sims = latent_cosines(dec_weight)
    best = torch.topk(sims[:100], k=10).indices
    uniq = torch.unique(best)
    print(layer, uniq.numel())
    neighbours[saes[layer].path] = uniq.tolist()

# %%
with open("latent_neighbours.json", "w") as fh:
    json.dump(neighbours, fh)
