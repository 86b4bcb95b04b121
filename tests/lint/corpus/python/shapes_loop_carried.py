# expect: COS301
"""A value carried from one iteration of a loop to the next (`prev = None` before it, `prev = rows` at
the end of its body): the head rows of the top tokens at one layer compared with those of the layer
before, a feature of an uncertainty head. The first iteration skips the comparison, so the rows it
compares are the previous iteration's. Quiet: hidden states carried the same way, compared across
layers, and the logit lens that picks the tokens.

Shapes seen in public uncertainty-head feature extractors; written for cosaudit's tests.
"""
import torch


class AdjacentLayerSimilarity:
    def __init__(self, base_model, top_n):
        self.lm_head = base_model.lm_head
        self.top_n = top_n

    def rows_of(self, indices):
        return self.lm_head.weight[indices]

    def __call__(self, hidden_states):
        previous = None
        features = []
        for layer in range(hidden_states.shape[2]):
            logits = self.lm_head(hidden_states[:, :, layer, :])
            top = torch.argsort(logits, dim=-1, descending=True)[:, :, : self.top_n]
            rows = self.rows_of(top)
            if previous is not None:
                features.append(torch.cosine_similarity(rows, previous, dim=-1))  # expect: COS101
            previous = rows
        return torch.cat(features, dim=-1)


class AdjacentLayerDrift:
    def __init__(self, base_model):
        self.lm_head = base_model.lm_head

    def __call__(self, hidden_states):
        previous = None
        drift = []
        for layer in range(hidden_states.shape[2]):
            state = hidden_states[:, :, layer, :]
            if previous is not None:
                drift.append(torch.cosine_similarity(state, previous, dim=-1))
            previous = state
        return torch.stack(drift, dim=-1)
