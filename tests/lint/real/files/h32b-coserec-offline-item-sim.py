# Synthetic rewrite of the shape of salesforce/CoSeRec:src/generate_similarity.py at 8e6870760f9e8d00db92ff0656b9e59e9ef7a039 (licence BSD-3-Clause); not the original text.
import math
import pickle
from collections import defaultdict


class CooccurrenceSimilarity:
    """Offline item-item similarity from co-occurrence in user histories.

    'cf' counts each shared user once; 'cf_iuf' down-weights very active users.
    Scores are normalised by the geometric mean of the two item counts.
    """

    def __init__(self, histories, variant="cf"):
        self.histories = histories   # user -> list of items
        self.variant = variant
        self.table = self._build()

    def _build(self):
        pair = defaultdict(lambda: defaultdict(float))
        count = defaultdict(int)
        for items in self.histories.values():
            for a in items:
                count[a] += 1
                for b in items:
                    if a == b:
                        continue
                    if self.variant == "cf":
                        pair[a][b] += 1.0
                    else:
                        pair[a][b] += 1.0 / math.log(1 + len(items))
        sim = defaultdict(dict)
        for a, row in pair.items():
            for b, c in row.items():
                sim[a][b] = c / math.sqrt(count[a] * count[b])
        return sim

    def save(self, path):
        with open(path, "wb") as f:
            pickle.dump(dict(self.table), f)

    def most_similar(self, item, top_k=8):
        ranked = sorted(self.table[item].items(), key=lambda t: t[1], reverse=True)
        return [i for i, _ in ranked[:top_k]]
