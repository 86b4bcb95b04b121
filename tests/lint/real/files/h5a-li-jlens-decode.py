# cosaudit corpus, synthetic file: same shape as ehallford11714/llmintent/src/llmintent/jspace/decode.py at 36cdc23dc1d15cf488fd19ac7f31b40c2402d58a (licence MIT); new code, no text copied.
"""Decode hidden states into tokens: the plain logit lens, and the same through a transport map."""

import torch
import torch.nn.functional as F

from intentlens.forward import final_norm
from intentlens.models import output_matrix


def _top(bundle, scores, k):
    p = F.softmax(scores, dim=-1)
    vals, ids = torch.topk(p, min(k, scores.shape[-1]))
    return [(bundle.tokenizer.decode([int(i)]), float(v), float(scores[i])) for v, i in zip(vals, ids)]


def logit_lens(bundle, hidden, k=10):
    W = output_matrix(bundle.model)
    h = final_norm(bundle, hidden)
    scores = F.linear(h, W)
    return _top(bundle, scores, k)


def transported_lens(bundle, hidden, transport=None, k=10):
    W = output_matrix(bundle.model)
    h = hidden.float() if transport is None else hidden.float() @ transport.T
    scores = F.linear(final_norm(bundle, h), W)
    return _top(bundle, scores, k)


def concept_score(bundle, hidden, word, transport=None):
    ids = bundle.tokenizer.encode(word, add_special_tokens=False)
    if not ids:
        return 0.0
    W = output_matrix(bundle.model)
    h = hidden.float() if transport is None else hidden.float() @ transport.T
    return float(F.linear(final_norm(bundle, h), W)[ids[0]])
