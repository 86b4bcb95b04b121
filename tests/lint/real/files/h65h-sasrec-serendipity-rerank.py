# Synthetic rewrite of the shape of reesa-rahayu/Serendipity-Book-Recommender-Using-SASRecLLM:app/backend/utils/recommender.py at 5d6b62870267040a32ce9aac159c57705b92aed0 (licence NOASSERTION); not the original text.
"""Warm-user book recommendations from a Keras SASRec, re-ranked for serendipity."""
import numpy as np

POOL = 80


def _unit_rows(m):
    return m / (np.linalg.norm(m, axis=1, keepdims=True) + 1e-8)


def pairwise_cos(a, b):
    return _unit_rows(a) @ _unit_rows(b).T


def scale01(x):
    lo, hi = x.min(), x.max()
    return np.zeros_like(x) if hi == lo else (x - lo) / (hi - lo)


def recommend_for_reader(app, reader_id, top_k=10):
    history = [int(b) for b in app.histories.get(reader_id, [])]
    window = history[-app.seqrec.max_sequence_length:]
    ids = np.zeros(app.seqrec.max_sequence_length, dtype="int32")
    ids[:len(window)] = window

    out = app.seqrec({"item_ids": ids[None], "padding_mask": (ids == 0)[None]}, training=False)
    query = out["item_sequence_embedding"][0, len(window) - 1, :]

    # every catalogue row of the model's own item table, mapped like the scoring layer does
    catalogue = np.arange(app.seqrec.vocabulary_size, dtype=np.int32)
    item_rows = app.seqrec.item_embedding(catalogue)
    if app.seqrec.projection is not None:
        item_rows = app.seqrec.projection(item_rows)
    item_rows = np.asarray(item_rows)
    scores = item_rows @ np.asarray(query)  # next-book logits

    seen = set(window)
    pool = [i for i in np.argsort(-scores) if i != 0 and i not in seen][:POOL]
    pool = np.array(pool)
    relevance = scores[pool]

    past = item_rows[[i for i in window if i != 0]]
    cand = item_rows[pool]
    away_from_history = 1.0 - pairwise_cos(cand, past).mean(axis=1)
    spread = 1.0 - pairwise_cos(cand, cand).mean(axis=1)
    rarity = np.array([app.unpopularity.get(int(i), 1.0) for i in pool])

    w = app.serendipity_weights
    blended = (w[0] * scale01(relevance) + w[1] * scale01(spread)
               + w[2] * scale01(away_from_history) + w[3] * scale01(rarity))
    order = np.argsort(-blended)[:top_k]
    return [(int(pool[i]), float(blended[i])) for i in order]
