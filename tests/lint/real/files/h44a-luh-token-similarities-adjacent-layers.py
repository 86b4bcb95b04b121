# Synthetic rewrite of the shape of mynotwo/llm-uncertainty-head-mixtral:luh/feature_extractors/token_similarities_adjacent_layers.py at 93fec7c5f61a28d434e34ffede37cd9af9466ac0 (licence NOASSERTION); not the original text.
import torch

from .base import Extractor
from .helpers import layer_list, stack_hidden


class TopTokenDriftFeatures(Extractor):
    """How much the top-ranked next tokens change from one layer to the next, measured on their head rows."""

    def __init__(self, base_model, top_n=5, layers="all", **_):
        self.lm_head = base_model.lm_head
        self.top_n = top_n
        self.layers = layer_list(layers, base_model)

    def head_rows(self, ids):
        return self.lm_head.weight[ids]

    def __call__(self, inputs, outputs):
        hs = stack_hidden(outputs, self.layers)          # batch x seq x layers x d
        feats, prev = [], None
        for i in range(len(self.layers)):
            with torch.no_grad():
                lens_logits = self.lm_head(hs[:, :, i, :])
            ids = lens_logits.topk(self.top_n, dim=-1).indices
            rows = self.head_rows(ids)                   # batch x seq x top_n x d
            if prev is not None:
                sims = torch.cosine_similarity(rows, prev, dim=-1)
                feats.append(sims)
            prev = rows
        return torch.cat(feats, dim=-1)


def build(config, base_model, *args, **kwargs):
    return TopTokenDriftFeatures(base_model, **config)
