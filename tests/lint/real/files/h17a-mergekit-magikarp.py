# cosaudit corpus, synthetic file: same shape as arcee-ai/mergekit/mergekit/tokensurgeon/magikarp.py at a6e402884ba9bc30da7f23e8304a35f19485de95 (licence LGPL-3.0-only); new code, no text copied.
"""Drop tokens that look under-trained before transplanting a vocabulary.

Heuristic after "Fishing for Magikarp": reserved / unused ids give a reference vector (their
mean row); any token whose row points the same way as that reference is treated as untrained.
"""
import logging
from typing import Dict, List, Optional

import torch

log = logging.getLogger(__name__)

RESERVED_MARKERS = ("unused_token", "reserved_special_token")


def _reserved_ids(vocab: Dict[str, int], n_rows: int, extra: Optional[List[str]]) -> set:
    ids = set(range(n_rows)) - set(vocab.values())
    ids.update(vocab[t] for t in (extra or []) if t in vocab)
    ids.update(i for t, i in vocab.items() if any(m in t for m in RESERVED_MARKERS))
    return ids


def _flag_similar(table: torch.Tensor, reference: torch.Tensor, q: float, where: str) -> set:
    sims = torch.nn.functional.cosine_similarity(table, reference[None, :], dim=1).float()
    cut = max(torch.quantile(sims, 1.0 - q).item(), 0.5)
    log.debug("similarity cut in %s: %.3f", where, cut)
    return set(torch.nonzero(sims > cut).flatten().tolist())


def trusted_tokens(vocab: Dict[str, int], embed: torch.Tensor, lm_head: Optional[torch.Tensor],
                   extra_unused: Optional[List[str]] = None, q: float = 0.01) -> List[str]:
    reserved = _reserved_ids(vocab, embed.shape[0], extra_unused)
    bad = set(reserved)
    if lm_head is not None:
        norms = embed.norm(dim=1).float()
        bad.update(torch.nonzero(norms < torch.quantile(norms, q)).flatten().tolist())
    if reserved:
        idx = sorted(reserved)
        bad |= _flag_similar(embed, embed[idx].mean(0), q, "embed_tokens")
        if lm_head is not None:
            out_ref = lm_head[idx].mean(0)
            bad |= _flag_similar(lm_head, out_ref, q, "lm_head")
    kept = [t for t, i in vocab.items() if i not in bad]
    log.info("%d trusted tokens, %d flagged", len(kept), len(bad))
    return kept
