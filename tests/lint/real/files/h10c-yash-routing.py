# cosaudit corpus, synthetic file: same shape as yash-shirsath/gradient-routing/steering/routing.py at 6a141f1fc7cc734b35fdd2922e31147eda8fbd79 (licence NOASSERTION); new code, no text copied.
"""Token masks that localise gradients to chosen residual coordinates, and a helper
to see which vocabulary items sit closest to such a coordinate in the output head."""
from dataclasses import dataclass, field

import torch


@dataclass
class RouteSpec:
    words: dict = field(default_factory=dict)   # word -> residual coordinate
    blocks: set = field(default_factory=set)    # blocks whose outputs are masked


def build_mask_fn(tokenizer, words, width):
    ids = {}
    for word, coord in words.items():
        enc = tokenizer.encode(word)
        if len(enc) != 1:
            raise ValueError(f"{word!r} is not a single token")
        ids[enc[0]] = coord

    def mask_fn(idx):
        mask = torch.ones(*idx.shape, width, device=idx.device)
        for tok, coord in ids.items():
            hit = idx == tok
            mask[hit] = 0
            b, t = hit.nonzero(as_tuple=True)
            mask[b, t, coord] = 1
        return mask

    return mask_fn


def tokens_nearest_coordinate(k, coord, head):
    """head: (vocab, hidden). The k token ids whose output rows point most towards
    (and most away from) basis direction `coord`, by cosine."""
    n_vocab, n_hidden = head.shape
    assert k < n_vocab and coord < n_hidden
    unit_rows = head / head.norm(dim=1, keepdim=True)
    top = unit_rows[:, coord].topk(k).indices
    bottom = unit_rows[:, coord].topk(k, largest=False).indices
    return torch.cat([top, bottom])
