# cosaudit corpus, synthetic file: same shape as jkooy/class-similarity/label_similarity.py at aabd84b62385b400dc8ddc005e82bf60b2e1a222 (licence NOASSERTION); new code, no text copied.
import json

import numpy as np


def cos_sim(a, b):
    a, b = np.asarray(a), np.asarray(b)
    return float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)))


def label_vector(label, glove):
    words = [w for w in label.replace("_", " ").split() if w in glove]
    return np.mean([glove[w] for w in words], axis=0) if words else None


def dataset_similarity(source_labels, target_vec, counts, glove):
    total = sum(counts)
    score = 0.0
    for label, n in zip(source_labels, counts):
        label_vec = label_vector(label, glove)
        if label_vec is not None:
            share = n / total
            score += share * cos_sim(label_vec, target_vec)
    return score


if __name__ == "__main__":
    glove = json.load(open("glove_subset.json"))
