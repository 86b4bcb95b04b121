# Synthetic rewrite of the shape of jl2191/auto-embeds:auto_embeds/metrics.py at 0062bd69fc64779882319b4dcddd59172836ba28 (licence NOASSERTION); not the original text.
"""Scores for a learned map that sends source-language token vectors to target-language ones."""
from typing import List

import torch as t
import torch.nn as nn
from torch.utils.data import DataLoader


def word_distance_metric(a: t.Tensor, b: t.Tensor) -> t.Tensor:
    """Loss-style distance: minus the cosine between two batches of token vectors."""
    return -nn.functional.cosine_similarity(a, b, -1)


def mean_cosine_score(pairs: DataLoader, mapper: nn.Module, device="cpu") -> float:
    scores = []
    for src_vecs, tgt_vecs in pairs:
        src_vecs, tgt_vecs = src_vecs.to(device), tgt_vecs.to(device)
        with t.no_grad():
            guess = mapper(src_vecs)
        cosine_sim = word_distance_metric(guess, tgt_vecs)
        scores.append(cosine_sim)
    return t.cat(scores).mean().item()


def top1_accuracy(tok, pairs: DataLoader, mapper: nn.Module, unembed: nn.Module) -> float:
    hits, seen = 0, 0
    with t.no_grad():
        for src_vecs, tgt_vecs in pairs:
            want: List[str] = tok.batch_decode(unembed(tgt_vecs).argmax(dim=-1))
            got: List[str] = tok.batch_decode(unembed(mapper(src_vecs)).argmax(dim=-1))
            hits += sum(w.strip().lower() == g.strip().lower() for w, g in zip(want, got))
            seen += len(src_vecs)
    return hits / seen


def subspace_cosines(A: t.Tensor, B: t.Tensor) -> t.Tensor:
    """Cosines of the principal angles between the column spaces of A and B."""
    qa, _ = t.linalg.qr(A.squeeze(1) if A.ndim == 3 else A)
    qb, _ = t.linalg.qr(B.squeeze(1) if B.ndim == 3 else B)
    return t.linalg.svdvals(qa.T @ qb)
