# cosaudit corpus, synthetic file: same shape as ShuvenduRoy/FSCIL_RESEARCH/utils/train_utils.py at 56ecf19ada9ba0566a7c911fe08bba4975838e7b (licence MIT); new code, no text copied.
"""Training helpers for few-shot class-incremental runs, plus two diagnostic plots on class prototypes."""
from typing import Dict, List

import matplotlib.pyplot as plt
import numpy as np
from sklearn.metrics.pairwise import cosine_similarity


class Averager:
    def __init__(self):
        self.n, self.v = 0, 0.0

    def add(self, x):
        self.v = (self.v * self.n + x) / (self.n + 1)
        self.n += 1


def prototypes_of(embeddings: np.ndarray, labels: np.ndarray) -> List[np.ndarray]:
    """One prototype per class: the mean embedding of its training samples."""
    return [embeddings[labels == c].mean(0) for c in np.unique(labels)]


def plot_between_class_cdf(protos: List[np.ndarray]) -> None:
    gaps = []
    for a in range(len(protos)):
        for b in range(a + 1, len(protos)):
            sim = cosine_similarity([protos[a]], [protos[b]])[0][0]
            gaps.append(1.0 - sim)
    gaps = np.sort(gaps)
    plt.plot(gaps, np.arange(1, len(gaps) + 1) / len(gaps))
    plt.xlabel("1 - cosine between prototypes")
    plt.ylabel("fraction of pairs")
    plt.grid()
    plt.show()


def plot_within_class(embeddings, labels, protos) -> Dict[int, float]:
    spread: Dict[int, List[float]] = {int(c): [] for c in set(labels)}
    for x, y in zip(embeddings, labels):
        spread[int(y)].append(1.0 - cosine_similarity([x], [protos[y]])[0][0])
    return {k: float(np.mean(v)) for k, v in spread.items()}
