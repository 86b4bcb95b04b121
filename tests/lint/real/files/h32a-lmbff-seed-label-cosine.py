# Synthetic rewrite of the shape of cmstroe/LM-BFF:src/label_search.py at 7d3afdb5d056ca8f4fedeff47f4e97a825d12118 (licence NOASSERTION); not the original text.
"""Pick verbalizer words for a prompt-based RoBERTa classifier."""
import logging

import numpy as np
from scipy.spatial import distance

log = logging.getLogger(__name__)


def candidate_words(logits, gold, vocab, top_k=500):
    """Per class, the vocabulary items the masked LM already favours."""
    picks = []
    for c in range(int(gold.max()) + 1):
        mean_logit = logits[gold == c].mean(axis=0)
        order = [i for i in np.argsort(-mean_logit) if vocab[i].startswith("Ġ")]
        picks.append(order[:top_k])
    return picks


def refine_with_seeds(model, vocab, seed_words, pools, keep=30):
    """Keep, for each class, the pool words whose output rows are closest to the seed word's row."""
    out_rows = model.lm_head.decoder.weight.detach().cpu().numpy()   # [V, d]
    seed_rows = out_rows[[vocab.index(w) for w in seed_words]]
    dist = distance.cdist(seed_rows, out_rows, metric="cosine")      # [C, V]
    refined = []
    for c, row in enumerate(dist):
        allowed = set(pools[c])
        ranked = [j for j in np.argsort(row) if j in allowed][:keep]
        log.info("class %d seed %s -> %s", c, seed_words[c], " ".join(vocab[j] for j in ranked[:10]))
        refined.append(ranked)
    return refined
