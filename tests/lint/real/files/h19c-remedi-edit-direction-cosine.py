# Synthetic rewrite of the shape of evandez/REMEDI:remedi/editors.py at fe162347fb1df07651a5b405734595453349401c (licence MIT); not the original text.
from typing import Callable

import torch
import torch.nn.functional as F


@torch.inference_mode()
def score_beliefs(editor, batches, normalize=True, cosine=False, use_fp16=False):
    """Does the LM already hold an attribute for an entity?

    The editor maps (entity hidden, attribute hidden) to an edit direction; we score the entity's own
    hidden state against that direction, optionally with cosine similarity instead of a dot product.
    """
    sim: Callable[[torch.Tensor, torch.Tensor], torch.Tensor]
    if cosine:
        sim = (lambda a, b: F.cosine_similarity(a.float(), b.float(), dim=-1)) if use_fp16 else F.cosine_similarity
    else:
        sim = torch.dot

    rows = []
    for batch in batches:
        ent = batch["entity_hidden"]
        dir_plain = editor(entity=ent, attribute=batch["attr_plain_hidden"])
        dir_ctx = editor(entity=ent, attribute=batch["attr_context_hidden"])
        rows.extend(dict(entity=e, plain=p, ctx=c) for e, p, c in zip(ent, dir_plain, dir_ctx))

    if normalize:  # z-score every kind of vector over the dataset
        for key in ("entity", "plain", "ctx"):
            stack = torch.stack([r[key] for r in rows])
            mu, sd = stack.mean(0), stack.std(0)
            for r in rows:
                r[key] = (r[key] - mu) / sd

    return [
        {"plain": sim(r["entity"], r["plain"]).item(), "ctx": sim(r["entity"], r["ctx"]).item()}
        for r in rows
    ]
