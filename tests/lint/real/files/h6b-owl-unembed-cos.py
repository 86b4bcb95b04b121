# cosaudit corpus, synthetic file: same shape as zyaustinli/ant_research/takehome_20260128/topic_b_part3.py at 073e14142d77a2bd41dc451a008192c471c08c91 (licence NOASSERTION); new code, no text copied.
# %%
"""Are the numbers entangled with 'owl' also close to 'owl' in the unembedding?"""
import random

import torch
import torch.nn.functional as F

from prompting_utils import load_model, numbers_entangled_with, all_number_tokens

model, tok = load_model()
U = model.lm_head.weight                   # (vocab, d): the unembedding
owl = tok("owl").input_ids[1]
owl_row = U[owl]

# %%
entangled = numbers_entangled_with(model, tok, "owls")["token_ids"][:10]
others = [t for t in all_number_tokens(tok)[0] if t not in entangled]

# %% raw dot products first
dots_ent = [torch.dot(owl_row, U[t]).item() for t in entangled]
dots_other = [torch.dot(owl_row, U[t]).item() for t in others]
print(sum(dots_ent) / len(dots_ent), sum(dots_other) / len(dots_other))

# %% then cosines, to take magnitude out
owl_unit = F.normalize(owl_row, dim=0)


def cos_to_owl(t):
    return torch.dot(owl_unit, F.normalize(U[t], dim=0)).item()


ranked = sorted(((cos_to_owl(t), t) for t in all_number_tokens(tok)[0]), reverse=True)
print("closest numbers to owl:", [tok.decode(t) for _, t in ranked[:10]])
