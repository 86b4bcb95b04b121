# cosaudit corpus, synthetic file: same shape as hanna6666/wassterin_dill/mdistiller/distillers/attention_dic.py at 2224146780d2b92c41f37886116ae79313d6ca12 (licence NOASSERTION); new code, no text copied.
"""Distiller with a fixed feature dictionary and a Wasserstein logit term."""
import torch
import torch.nn.functional as F

from ._base import Distiller


class DictionaryDistiller(Distiller):
    def __init__(self, student, teacher, cfg, dict_paths, device="cuda"):
        super().__init__(student, teacher)
        self.atoms = [torch.load(p).to(device) for p in dict_paths]
        self.use_wasserstein = cfg.WKD.LOSS.WKD_LOGIT_WEIGHT > 0
        if self.use_wasserstein:
            self.tau = cfg.WKD.TEMPERATURE
            if cfg.WKD.COST_MATRIX == "fc":
                anchors = self.teacher.fc.weight
                anchors_unit = F.normalize(anchors, p=2, dim=-1)
                cosine_sim = anchors_unit.matmul(anchors_unit.transpose(-1, -2))
                self.dist = 1 - cosine_sim
            else:
                self.dist = torch.load(cfg.WKD.COST_MATRIX_PATH).cuda().detach()
            if cfg.WKD.COST_MATRIX_SHARPEN:
                self.dist = 1 - torch.exp(-cfg.WKD.COST_MATRIX_SHARPEN * self.dist)

    def attend(self, feats, level):
        pooled = feats.mean(dim=(2, 3))
        weights = torch.softmax(pooled @ self.atoms[level], dim=-1)
        return weights @ self.atoms[level].T
