# cosaudit corpus, synthetic file: same shape as Shoumik-Gandre/Zero-shot_Knowledge_Distillation_Pytorch/zskd/core.py at 428333a6e9ead7749112edccf093108ff760974b (licence NOASSERTION); new code, no text copied.
import torch

from zskd.class_sim_matrix import compute_class_similarity_matrix
from zskd.classifier_weights import extract_classifier_weights2


class DataImpressions:
    def __init__(self, teacher, hyper, shape, n_classes, device="cuda"):
        self.teacher, self.hyper, self.shape, self.k, self.device = teacher, hyper, shape, n_classes, device

    def batches(self):
        head = extract_classifier_weights2(self.teacher)
        sim = compute_class_similarity_matrix(head).clamp(min=1e-6, max=1.0)
        for label in range(self.k):
            for beta in self.hyper.beta:
                alpha = beta * sim[label]
                dist = torch.distributions.Dirichlet(alpha)
                for _ in range(self.hyper.rounds):
                    y = dist.rsample((self.hyper.batch_size,)).to(self.device)
                    x = torch.randn(self.hyper.batch_size, *self.shape, device=self.device, requires_grad=True)
                    yield x, y
