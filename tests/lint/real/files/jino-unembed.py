# cosaudit corpus, synthetic file: same shape as JINO-ROHIT/advanced_ml/18-mechanistic-interpretability/gpt-from-first-principles/unembed.py at 0618607b046ffd50cae1e71155295da2812de6c1 (licence NOASSERTION); new code, no text copied.
import torch
import torch.nn as nn
from jaxtyping import Float
from torch import Tensor


class Unembed(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.W_U = nn.Parameter(torch.empty((cfg.d_model, cfg.d_vocab)))
        nn.init.normal_(self.W_U, std=cfg.init_range)
        self.b_U = nn.Parameter(torch.zeros(cfg.d_vocab), requires_grad=False)

    def forward(self, resid: Float[Tensor, "batch pos d_model"]) -> Float[Tensor, "batch pos d_vocab"]:
        return resid @ self.W_U + self.b_U
