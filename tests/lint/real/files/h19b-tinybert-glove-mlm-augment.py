# Synthetic rewrite of the shape of huawei-noah/Pretrained-Language-Model:TinyBERT/data_augmentation.py at 0598f02d7fc4eaa7b4cbc1e9d7ab18bc875c24f9 (licence Apache-2.0); not the original text.
import numpy as np
import torch


def load_static_vectors(path, max_words=100000):
    """Read the first max_words GloVe lines and return unit-length rows."""
    words, rows = [], []
    with open(path, encoding="utf-8") as handle:
        for k, raw in enumerate(handle):
            if k == max_words:
                break
            parts = raw.rstrip().split(" ")
            words.append(parts[0])
            rows.append(np.asarray(parts[1:], dtype=np.float32))
    table = np.stack(rows)
    table = table / np.linalg.norm(table, axis=1, keepdims=True)
    index = {w: i for i, w in enumerate(words)}
    return table, index, words


class SentenceAugmenter:
    def __init__(self, mlm, tokenizer, emb_norm, index, words, top_m=15):
        self.mlm = mlm
        self.tokenizer = tokenizer
        self.emb_norm = emb_norm
        self.index = index
        self.words = words
        self.top_m = top_m

    def neighbours_from_glove(self, word):
        # whole words split into several pieces: fall back on static vectors
        if word not in self.index:
            return []
        i = self.index[word]
        scores = np.dot(self.emb_norm, self.emb_norm[i])
        scores[i] = -np.inf
        best = np.argsort(-scores)[: self.top_m]
        found = [self.words[j] for j in best]
        return [w.capitalize() for w in found] if word[:1].isupper() else found

    @torch.no_grad()
    def candidates_from_mlm(self, pieces, position):
        # single word piece: ask the masked language model instead
        ids = torch.tensor([self.tokenizer.convert_tokens_to_ids(pieces)])
        scores = self.mlm(ids)[0, position]
        ranked = torch.argsort(scores, descending=True)[: self.top_m].tolist()
        tokens = self.tokenizer.convert_ids_to_tokens(ranked)
        return [t for t in tokens if not t.startswith("##")]
