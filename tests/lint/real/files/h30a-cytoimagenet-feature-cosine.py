# Synthetic rewrite of the shape of stan-hua/CytoImageNet:scripts/feature_extraction.py at 03f096d744108141a78bc8c6344fe2b8ad346e8f (licence NOASSERTION); not the original text.
import random
from itertools import combinations

import numpy as np
from numpy.linalg import norm
from tensorflow.keras.applications import EfficientNetB0


def headless_encoder():
    # ImageNet backbone without its classifier, pooled to one vector per image
    return EfficientNetB0(weights="imagenet", include_top=False, pooling="avg")


class LabelSpread:
    def cosine_similarity(self, pair):
        a, b = pair
        return float(np.dot(a, b) / (norm(a) * norm(b)))

    def within_label(self, feats, cap=5000):
        pairs = list(combinations(range(len(feats)), 2))
        random.shuffle(pairs)
        sims = []
        for i, j in pairs[:cap]:
            pair = (feats[i], feats[j])
            sims.append(self.cosine_similarity(pair))
        return sims

    def across_labels(self, feats, others, n=5000):
        return [self.cosine_similarity((random.choice(feats), random.choice(others)))
                for _ in range(n)]


def summarise(label_feats, other_feats):
    spread = LabelSpread()
    inside = spread.within_label(label_feats)
    outside = spread.across_labels(label_feats, other_feats)
    return {"intra_mean": np.mean(inside), "inter_mean": np.mean(outside)}
