# expect: COS301
"""A helper of another package named for a maximum over a lens (`mcs_to_fixed`,
`max_cosine_sim`), given dictionary atoms and the normalised head. The look-alikes stay quiet:
the same helper given the input embedding, features, or two dictionaries.

Shapes seen in public sparse-dictionary notebooks; written for cosaudit's tests.
"""
import torch
from standard_metrics import max_cosine_sim, mcs_to_fixed

unembed = model.W_U.detach().t()
unembed = unembed / torch.norm(unembed, dim=1, keepdim=True)
scores = mcs_to_fixed(learned_dict, unembed)  # expect: COS120
best = max_cosine_sim(atoms, model.lm_head.weight)  # expect: COS120

embed = model.W_E.detach()
embed_scores = mcs_to_fixed(learned_dict, embed / torch.norm(embed, dim=1, keepdim=True))
feature_scores = max_cosine_sim(atoms, features)
between = mcs_to_fixed(learned_dict, other_dict)
