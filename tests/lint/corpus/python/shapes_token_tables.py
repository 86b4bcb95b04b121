# expect: COS301
"""Token tables of tied checkpoints with learned positions (GPT-2, BERT) reached the way small tools  # expect: COS202
reach them: a method that returns the `wte` rows, vectors decoded to their nearest token by
`torch.argmax` over unit rows, an embedding module kept by `__init__` (after `.eval()`) and called on
ids, a model's own table named `token_embedding` (the same code on a rotary checkpoint:
`shapes_token_tables_rope.py`).
Written for cosaudit's tests."""
import numpy as np
import torch
import torch.nn.functional as F
from transformers import AutoModel, GPT2Model


class GPT2Decoder:
    @property
    def model(self):
        return GPT2Model.from_pretrained("gpt2")

    def get_token_embeddings(self):
        return self.model.wte.weight.data

    def decode(self, vectors):
        queries = F.normalize(torch.tensor(np.stack(vectors)), dim=1)
        rows = F.normalize(self.get_token_embeddings(), dim=1)
        similarities = torch.matmul(queries, rows.T)  # expect: COS150
        return torch.argmax(similarities, dim=1).tolist()


class StaticWordSimilarity:
    def __init__(self, name="bert-base-uncased"):
        self.table = AutoModel.from_pretrained(name).get_input_embeddings().eval()

    def vector(self, ids):
        return self.table(torch.tensor(ids)).mean(dim=0)

    def closer(self, a, b, query):
        q = self.vector(query)
        return F.cosine_similarity(self.vector(a), q, dim=0) > F.cosine_similarity(self.vector(b), q, dim=0)  # expect: COS150 COS150


def row_cosine(model, i, j):
    E = model.transformer.token_embedding.weight
    return F.cosine_similarity(E[i], E[j], dim=0)  # expect: COS150


def closest_words(model, prompt_vectors, k=5):
    from scipy.spatial import distance

    table = model.roberta.embeddings.word_embeddings.weight.detach().cpu().numpy()
    out = []
    for vec in prompt_vectors:
        dists = distance.cdist(np.expand_dims(vec, 0), table, "cosine")[0]  # expect: COS150
        out.append(np.argpartition(dists, list(range(k)))[:k])
    return out
