"""A head passed to a function as a tensor parameter named after the head module
(`lm_head: Optional[torch.Tensor]`, as in an under-trained-token filter that compares every row with
the mean of the unused tokens' rows), a two-argument `cos` of a user's helper library over the rows
of a softmax probe, and the expansion of squared distances between the rows
(`n**2 + n.T**2 - 2 * (W @ W.T)`), which a shared translation leaves alone (info). The look-alikes stay
quiet: the same parameter name on a module (logits), the input table's cosines of an untied model,
the numeric libraries' elementwise `cos`.

Shapes seen in public token-surgery, probing and activation-maximisation code; written for
cosaudit's tests.
"""
import math
from typing import Optional

import numpy as np
import torch
import torch.nn as nn
import neel.utils as nutils


def well_trained_tokens(embed: torch.Tensor, lm_head: Optional[torch.Tensor], unused: list[int]) -> set[int]:
    bad: set[int] = set()
    mean_in = embed[unused].mean(dim=0)
    sim_in = torch.nn.functional.cosine_similarity(embed, mean_in.unsqueeze(0), dim=1)
    bad.update(torch.where(sim_in > 0.9)[0].tolist())
    if lm_head is not None:
        mean_out = lm_head[unused].mean(dim=0)
        sim_out = torch.nn.functional.cosine_similarity(lm_head, mean_out.unsqueeze(0), dim=1)  # expect: COS101
        bad.update(torch.where(sim_out > 0.9)[0].tolist())
    return bad


def next_token_logits(hidden: torch.Tensor, lm_head: nn.Module) -> torch.Tensor:
    return lm_head(hidden).log_softmax(-1)


letter_probe = nn.Linear(768, 26)
option_rows = letter_probe.weight
print(nutils.cos(option_rows[:, None, :], option_rows[None, :, :]))  # expect: COS101
print(np.cos(math.pi / 3), torch.cos(option_rows).mean())

word_rows = model.embeddings.word_embeddings.weight
row_norms = word_rows.norm(dim=1, keepdim=True)
squared_distances = row_norms**2 + row_norms.T**2 - 2 * (word_rows @ word_rows.T)
classifier_rows = model.fc.weight
norms = classifier_rows.norm(dim=1, keepdim=True)
distances = norms**2 + norms.T**2 - 2 * (classifier_rows @ classifier_rows.T)  # expect: COS130
gram = classifier_rows @ classifier_rows.T  # expect: COS102
