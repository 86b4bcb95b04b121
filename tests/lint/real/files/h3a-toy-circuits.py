# cosaudit corpus, synthetic file: same shape as aopatric/toy-transformers/src/circuits.py at 0d9c2667377d8c65501f06bebf729bb2a3e253f9 (licence NOASSERTION); new code, no text copied.
"""Per-head circuits of a one-layer attention-only model, in the column-vector layout of the circuits paper.

Nothing here materialises a vocab-by-vocab matrix; each helper builds only the rows it is asked for.
"""
import torch


@torch.no_grad()
def attention_scores(model, head, dest_ids):
    """pre-softmax score of every source token for each destination token: (len(dest_ids), V)"""
    emb, _, q, k, *_ = model.paper_weights()
    return (q[head] @ emb[:, dest_ids]).T @ (k[head] @ emb) / model.d_head ** 0.5


@torch.no_grad()
def output_effects(model, head, src_ids):
    """logit change of every output token when the head attends to each source: (len(src_ids), V)"""
    emb, unemb, _, _, v, o = model.paper_weights()
    return (unemb @ (o[head] @ (v[head] @ emb[:, src_ids]))).T


def strongest(scores, k, skip=None):
    if skip is not None:
        scores = scores.masked_fill(skip, float("-inf"))
    best = scores.topk(k)
    keep = best.values.isfinite()
    return best.indices[keep], best.values[keep]


@torch.no_grad()
def ov_spectrum(model, head):
    """eigenvalues of the OV circuit, read off the small d_head x d_head product instead of the V x V one"""
    emb, unemb, _, _, v, o = model.paper_weights()
    return torch.linalg.eigvals((v[head] @ emb) @ (unemb @ o[head]))


def copy_score(model, head):
    """+1 when every eigenvalue is positive (the head copies what it attends to), -1 when all are negative"""
    lam = ov_spectrum(model, head)
    return (lam.sum().real / lam.abs().sum()).item()


@torch.no_grad()
def output_similarity(model, first_ids, second_ids):
    """cosine between the unembedding vectors (rows of W_U) of two lists of token ids, pairwise: (n,).
    two tokens that the model predicts in the same contexts (' cat' and ' dog') get a high value here, which
    the input embeddings do not give, so use this one when asking which token is 'like' another"""
    unemb = model.paper_weights()[1]
    return torch.nn.functional.cosine_similarity(unemb[first_ids], unemb[second_ids], dim=-1)
