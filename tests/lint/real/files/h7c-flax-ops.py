# cosaudit corpus, synthetic file: same shape as nreimers/flax-sentence-embeddings/trainer/utils/ops.py at de583831d9b8b3454ed62fb74f783380ab2e933b (licence NOASSERTION); new code, no text copied.
import jax
from jax import numpy as jnp


@jax.jit
def cos_sim(a, b):
    a = unit_rows(a)
    b = unit_rows(b)
    return a @ b.T


@jax.jit
def unit_rows(x):
    return x / jnp.maximum(jnp.linalg.norm(x, ord=2, axis=1, keepdims=True), 1e-12)


@jax.jit
def masked_mean(token_states, mask):
    """Average the last-layer token states of a Flax encoder over the real (unpadded) tokens."""
    m = jnp.expand_dims(mask, -1).astype(token_states.dtype)
    return (token_states * m).sum(axis=1) / jnp.clip(m.sum(axis=1), 1e-9)


def in_batch_ranking_loss(query_emb, doc_emb, scale=20.0):
    """Multiple-negatives ranking loss: the matching document of each query is its positive."""
    scores = cos_sim(query_emb, doc_emb) * scale
    labels = jnp.arange(scores.shape[0])
    logp = jax.nn.log_softmax(scores, axis=-1)
    return -jnp.mean(logp[labels, labels])
