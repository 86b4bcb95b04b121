# cosaudit corpus, synthetic file: same shape as tim-lawson/mlsae/figures/resid_cos_sim.py at ba90c518893ead6d856b08821fa6aabb61a3be61 (licence MIT); new code, no text copied.
"""How similar is the residual stream from one layer to the next?"""

import torch
from transformers import GPTNeoXForCausalLM

from sae_tools.data import token_batches
from sae_tools.utils import unit

lm = GPTNeoXForCausalLM.from_pretrained("EleutherAI/pythia-70m-deduped")
n_layers = lm.config.num_hidden_layers


@torch.no_grad()
def residuals(ids):
    out = lm(ids, output_hidden_states=True)
    return torch.stack(out.hidden_states[1:]).flatten(1, 2)     # (layers, tokens, d)


# centre each layer with its mean over a first pass
centre = torch.stack([residuals(b).mean(1) for b in token_batches(8)]).mean(0)

sums = torch.zeros(n_layers - 1)
count = 0
for ids in token_batches(64):
    x = residuals(ids)
    x = unit(x - centre[:, None], dim=-1)
    sums += (x[:-1] * x[1:]).sum(-1).mean(-1)
    count += 1
print("adjacent-layer cosine:", (sums / count).tolist())
