# cosaudit corpus, synthetic file: same shape as cosmicparadox11/SCAl/modules.py at 29e30e75363afc744ceddcddcad43ab7957e779f (licence NOASSERTION); new code, no text copied.
"""Source-free adaptation client: soft pseudo-labels smoothed by a class-similarity matrix."""
import torch
import torch.nn.functional as F


class AdaptClient:
    def __init__(self, num_class, non_diag_alpha, threshold, device):
        self.num_class = num_class
        self.non_diag_alpha = non_diag_alpha
        self.threshold = threshold
        self.device = device

    def obtain_sim_mat(self, teacher):
        v = teacher.fc.weight_v.detach()       # direction part of a weight-normalised linear layer
        v_unit = F.normalize(v)
        sim_raw = v_unit @ v_unit.T
        eye = torch.eye(self.num_class, device=self.device)
        return eye + (1 - eye) * sim_raw * self.non_diag_alpha

    def smooth_targets(self, probs, teacher):
        sim = self.obtain_sim_mat(teacher)
        soft = probs @ sim
        return soft / soft.sum(dim=1, keepdim=True)

    def hard_targets(self, soft):
        conf, label = soft.max(dim=-1)
        return label, conf.ge(self.threshold)
