# Synthetic rewrite of the shape of mynotwo/llm-uncertainty-head-mixtral:luh/feature_extractors/token_probabilities_from_layers.py at 93fec7c5f61a28d434e34ffede37cd9af9466ac0 (licence NOASSERTION); not the original text.
import torch

from .base import Extractor
from .helpers import layer_list, stack_hidden


class LensTopLogitFeatures(Extractor):
    """Top-n logit-lens scores at every chosen layer, concatenated as uncertainty features."""

    def __init__(self, base_model, top_n=5, layers="all", **_):
        self.lm_head = base_model.lm_head
        self.top_n = top_n
        self.layers = layer_list(layers, base_model)

    def __call__(self, inputs, outputs):
        hidden_states = stack_hidden(outputs, self.layers)
        feats = []
        for layer_idx in range(len(self.layers)):
            with torch.no_grad():
                all_logits = self.lm_head(hidden_states[:, :, layer_idx, :])   # batch x seq x vocab
            feats.append(all_logits.sort(dim=-1, descending=True).values[:, :, : self.top_n])
        return torch.cat(feats, dim=-1)


def build(config, base_model, *args, **kwargs):
    return LensTopLogitFeatures(base_model, **config)
