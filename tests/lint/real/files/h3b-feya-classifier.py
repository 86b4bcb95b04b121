# cosaudit corpus, synthetic file: same shape as Feya4/Class-Similarity-Weighted-Knowledge-Distillation-for-Few-Shot-Incremental-Learning/methods/feyaClassifier.py at 73080427c16962dcd7e65e4a310216cc332b27c3 (licence MIT); new code, no text copied.
import torch
import torch.nn as nn
import torch.nn.functional as F


class SimilarityWeightedLearner(nn.Module):
    def __init__(self, args, trained, baseways):
        super().__init__()
        self.args, self.baseways = args, baseways
        self.fixed_weights = trained.joint_weight.clone().detach()
        self.prev_weights = trained.joint_weight[:baseways].clone().detach()
        if getattr(args, "ema_logits", False):
            w = F.normalize(self.fixed_weights, p=2, dim=1)
            sim = torch.mm(w, w.t())
            self.sim_novel_all = sim[baseways:].cpu()
            self.sim_novel_base = self.sim_novel_all[:, :baseways]
            if args.ema_type in {"learnable_s", "learnable_c"}:
                vals, _ = torch.topk(self.sim_novel_base, args.ema_top_k, dim=1)
                self.novel_base_sim = vals.mean(1)
                self.k = nn.Parameter(torch.tensor(float(args.ema_k)))
                self.b = nn.Parameter(torch.tensor(float(args.ema_b)))

    def distill_weight(self):
        return torch.sigmoid(self.k * self.novel_base_sim + self.b)

    def kd_loss(self, student_logits, teacher_logits, T=4.0):
        w = self.distill_weight()
        p_t = F.softmax(teacher_logits / T, dim=1)
        log_p_s = F.log_softmax(student_logits / T, dim=1)
        per_class = -(p_t * log_p_s)
        per_class[:, self.baseways:] *= w
        return per_class.sum(1).mean() * T * T
