# cosaudit corpus, synthetic file: same shape as litianliu/NCI-OOD/openood/postprocessors/nci_postprocessor.py at dfb9e6ab199aa89c626667d2a3789bd4e9a7e53f (licence MIT); new code, no text copied.
"""Neural-collapse-inspired OOD score: how well a centred feature lines up with
the classifier row of its predicted class, plus a small feature-norm term."""
from typing import Any

import numpy as np
import torch
import torch.nn as nn
from tqdm import tqdm

from .base_postprocessor import BasePostprocessor


class NCIScorer(BasePostprocessor):
    def __init__(self, config):
        super().__init__(config)
        self.APS_mode = True
        self.ready = False
        self.mu = None
        self.rows = None
        opts = self.config.postprocessor.postprocessor_args
        self.alpha = opts.alpha
        self.args_dict = self.config.postprocessor.postprocessor_sweep

    def setup(self, net: nn.Module, id_loader_dict, ood_loader_dict):
        if self.ready:
            return
        net.eval()
        feats = []
        with torch.no_grad():
            for batch in tqdm(id_loader_dict["train"], desc="collect train features"):
                _, f = net(batch["data"].cuda().float(), return_feature=True)
                feats.append(f.cpu().numpy())
        self.mu = torch.from_numpy(np.concatenate(feats).mean(axis=0)).cuda()
        # first parameter of the fc layer is its weight matrix
        self.rows = next(iter(net.fc.parameters())).data
        self.ready = True

    @torch.no_grad()
    def postprocess(self, net: nn.Module, data: Any):
        logits, f = net(data, return_feature=True)
        _, pred = logits.max(1)
        centred = f - self.mu
        align = (self.rows[pred] * centred).sum(dim=1) / centred.norm(dim=1)
        score = align + self.alpha * f.abs().sum(dim=1)
        return pred, score

    def set_hyperparam(self, hyperparam: list):
        self.alpha = hyperparam[0]

    def get_hyperparam(self):
        return self.alpha
