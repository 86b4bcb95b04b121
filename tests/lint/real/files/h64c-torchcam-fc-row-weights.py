# Synthetic rewrite of the shape of frgfm/torch-cam:torchcam/methods/activation.py at f44afef870a11c5ecd616c7ac5aea2bb28e260bf (licence Apache-2.0); not the original text.
"""A CAM extractor that weights the hooked feature maps by the output layer's row for the class."""
from typing import List, Optional, Union

import torch
from torch import Tensor, nn

from .core import _CAM


class ClassActivationMap(_CAM):
    """CAM for networks ending in global pooling + a linear (or 1x1 conv) classifier."""

    def __init__(self, model: nn.Module, target_layer: Optional[str] = None,
                 fc_layer: Union[nn.Module, str, None] = None, input_shape=(3, 224, 224), **kwargs):
        super().__init__(model, target_layer, input_shape, **kwargs)
        if fc_layer is None:
            fc_name = self._resolve_layer_name(self._last_linear(model))
        elif isinstance(fc_layer, nn.Module):
            fc_name = self._resolve_layer_name(fc_layer)
        elif isinstance(fc_layer, str):
            fc_name = fc_layer
        else:
            raise TypeError("fc_layer must be a module, a name or None")
        rows = self.submodule_dict[fc_name].weight.data
        # a 1x1 convolution head has trailing singleton dims
        self._rows = rows.reshape(rows.shape[0], rows.shape[1]) if rows.ndim > 2 else rows

    @staticmethod
    def _last_linear(model: nn.Module) -> nn.Module:
        linears = [m for m in model.modules() if isinstance(m, nn.Linear)]
        if not linears:
            raise ValueError("could not find the classifier layer; pass fc_layer")
        return linears[-1]

    @torch.no_grad()
    def _get_weights(self, class_idx: Union[int, List[int]], *_) -> List[Tensor]:
        # channel weights are simply the classifier row(s) of the requested class(es)
        if isinstance(class_idx, int):
            return [self._rows[class_idx].unsqueeze(0)]
        return [self._rows[class_idx]]
