# cosaudit corpus, synthetic file: same shape as lyxiang-casia/EKD/mdistiller/distillers/WKD_F.py at fb65a7ee87387913b3551643972bdcfa8006e0c6 (licence NOASSERTION); new code, no text copied.
"""WKD with the feature branch (Gaussian moments) and the logit branch."""
import torch
import torch.nn.functional as F

from ._base import Distiller


def gaussian_feature_loss(f_s, f_t, eps=1e-5):
    mu_s, mu_t = f_s.mean(dim=(-1, -2)), f_t.mean(dim=(-1, -2))
    sd_s = torch.sqrt(f_s.var(dim=(-1, -2)) + eps)
    sd_t = torch.sqrt(f_t.var(dim=(-1, -2)) + eps)
    n = f_s.size(0)
    return F.mse_loss(mu_s, mu_t, reduction="sum") / n, F.mse_loss(sd_s, sd_t, reduction="sum") / n


class WKDFeature(Distiller):
    def __init__(self, student, teacher, cfg):
        super().__init__(student, teacher)
        self.use_logit = cfg.WKD.LOSS.WKD_LOGIT_WEIGHT > 0
        if self.use_logit:
            self.tau = cfg.WKD.TEMPERATURE
            if cfg.WKD.COST_MATRIX == "fc":
                print("teacher classifier rows used as class prototypes")
                proto = self.teacher.fc.weight
                proto_unit = F.normalize(proto, p=2, dim=-1)
                cosine_sim = proto_unit.matmul(proto_unit.transpose(-1, -2))
                self.dist = 1 - cosine_sim
            else:
                self.dist = torch.load(cfg.WKD.COST_MATRIX_PATH).cuda().detach()
        self.mean_cov_ratio = cfg.WKD.MEAN_COV_RATIO

    def feature_term(self, f_s, f_t):
        m, c = gaussian_feature_loss(f_s, f_t)
        return self.mean_cov_ratio * m + c
