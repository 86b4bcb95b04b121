# Synthetic rewrite of the shape of openai/transformer-debugger:neuron_explainer/activations/derived_scalars/postprocessing.py at 87e6db7b7e73ded5037eeeff05deb5e81548a10a (licence MIT); not the original text.
from typing import Any

import torch

from neuron_explainer.models.model_context import ModelContext, get_unembedding_with_ln_gain


class VocabWriteProjector:
    """Turn a node's activation into its direct effect on every vocabulary logit.

    Works for MLP post-activations, weighted attention values and autoencoder latents: the activation
    is first mapped to the residual-stream vector it writes, then read out through the unembedding.
    """

    def __init__(self, model_context: ModelContext, residual_converter):
        self._ctx = model_context
        self._to_residual = residual_converter
        # final-layer norm gain folded into the unembedding, shape [d_model, n_vocab]
        self._readout = get_unembedding_with_ln_gain(self._ctx)

    def project_one(self, index, acts: torch.Tensor, **kw: Any) -> torch.Tensor:
        write = self._to_residual.postprocess_tensor(index, acts, **kw)
        per_token = torch.einsum("d,dv->v", write, self._readout)
        # a constant added to all logits leaves log-probs unchanged, so remove it
        return per_token - per_token.mean()

    def project_many(self, indices, store) -> list[torch.Tensor]:
        writes = torch.stack(self._to_residual.postprocess_multiple_nodes(indices, store), dim=0)
        per_token = torch.einsum("nd,dv->nv", writes, self._readout)
        per_token = per_token - per_token.mean(dim=1, keepdim=True)
        return [row for row in per_token]
