# cosaudit corpus, synthetic file: same shape as otiliastr/coarse-to-fine-curriculum/src/learning/hierarchy_computation.py at 00fe0ad58dd2a5871958307f7791d93003b6310b (licence Apache-2.0); new code, no text copied.
"""Label distances for building a coarse-to-fine class hierarchy."""
import logging
from collections import Counter

import numpy as np


def label_distances(trainer, data, epochs, batch_size, cache_path=None, reuse=False):
    """Distance between labels = 1 - how often one label is predicted for the other."""
    if reuse and cache_path:
        logging.info("reading label distances from %s", cache_path)
        return np.load(cache_path)
    trainer.train(data, num_epochs=epochs, batch_size=batch_size)
    logging.info("computing label distances from validation mistakes")
    dist = 1.0 - confusion_rates(data, trainer)
    if cache_path:
        np.save(cache_path, dist)
    return dist


def confusion_rates(data, trainer, batch_size=32):
    idx = data.get_indices_val()
    probs = np.concatenate([trainer.predict(b, normalize=True) for b in data.batches(idx, batch_size)])
    labels = data.get_labels(idx)
    rates = np.zeros((data.num_classes, data.num_classes))
    for k in range(data.num_classes):
        picked = probs[labels == k].argmax(axis=1)
        total = float(len(picked))
        for j, n in Counter(picked).items():
            rates[k, j] = n / total
    return rates
