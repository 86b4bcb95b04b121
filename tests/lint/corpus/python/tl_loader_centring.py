"""TransformerLens' `from_pretrained` centres `W_U` and folds the final LayerNorm into it on load.

That centring is the loader's, not the author's: cosines of its columns are reported as for an
uncentred head (COS101 / COS102 / COS120, at warning level). Centring written in the file itself
stays COS110 (info). Written for cosaudit's corpus; nothing here is copied from elsewhere.
"""

import torch
import torch.nn.functional as F
from transformer_lens import HookedTransformer

model = HookedTransformer.from_pretrained("gpt2-small")
W_U = model.W_U  # [d_model, d_vocab]
dog, cat = model.to_single_token(" dog"), model.to_single_token(" cat")

# %% positive: two columns of the loader-centred W_U
pair = F.cosine_similarity(W_U[:, dog], W_U[:, cat], dim=0)  # expect: COS101
rows = model.W_U.T
pair_t = F.cosine_similarity(rows[dog], rows[cat], dim=0)  # expect: COS101
gram = W_U.T @ W_U  # expect: COS102
d_dog = model.tokens_to_residual_directions(" dog")
d_cat = model.tokens_to_residual_directions(" cat")
pair_d = F.cosine_similarity(d_dog, d_cat, dim=0)  # expect: COS101

# %% positive: a cosine lens over the normalised columns
W_U_normed = W_U / W_U.norm(dim=0, keepdim=True)
neuron_out = model.W_out[5, 123]
lens = neuron_out @ W_U_normed  # expect: COS120
top_tokens = lens.topk(20)

# %% quiet / info: centring written in the file itself
W_Uc = W_U - W_U.mean(-1, keepdim=True)
pair_c = F.cosine_similarity(W_Uc[:, dog], W_Uc[:, cat], dim=0)  # expect: COS110
raw = HookedTransformer.from_pretrained_no_processing("gpt2-small")
R = raw.W_U.T
Rc = R - R.mean(dim=0, keepdim=True)
pair_r = F.cosine_similarity(Rc[dog], Rc[cat], dim=0)  # expect: COS110

# %% quiet: logit lens and a logit difference on the same W_U
resid = torch.randn(4, model.cfg.d_model)
logits = resid @ W_U
logit_diff = W_U[:, dog] - W_U[:, cat]
