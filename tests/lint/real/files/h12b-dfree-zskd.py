# cosaudit corpus, synthetic file: same shape as ljrprocc/DataFree/datafree/synthesis/zskd.py at bf3096bb0b15ea396a3451aa0c6479626f092717 (licence NOASSERTION); new code, no text copied.
"""Zero-shot distillation: synthesise 'data impressions' whose soft targets follow the teacher's class similarity."""
import torch
import torch.nn.functional as F
from torch.distributions import Dirichlet

from .base import BaseSynthesis
from .deepinversion import jitter_and_flip
from datafree.utils import ImagePool


def class_similarity(w, beta=1.0):
    w = F.normalize(w, p=2, dim=1)
    sim = w @ w.T
    sim = (sim - sim.min()) / (sim.max() - sim.min())
    return sim / beta


def sample_soft_targets(n, sim, c, scale=1.0):
    concentration = sim[c] * scale + 1e-4
    return Dirichlet(concentration).rsample((n,))


class ZeroShotSynthesizer(BaseSynthesis):
    def __init__(self, teacher, student, num_classes, img_size, iterations=1000, lr_g=0.1,
                 synthesis_batch_size=128, sample_batch_size=128, save_dir="run/zskd", device="cpu", T=20):
        super().__init__(teacher, student)
        self.img_size = img_size
        self.iterations = iterations
        self.lr_g = lr_g
        self.num_classes = num_classes
        self.batch = synthesis_batch_size
        self.sample_batch_size = sample_batch_size
        self.pool = ImagePool(root=save_dir)
        self.device = device
        self.T = T
        head = self.teacher.linear.weight            # [num_classes, feat_dim]
        self.sim_coarse = class_similarity(head, 1.0)
        self.sim_fine = class_similarity(head, 0.1)

    def synthesize(self):
        x = torch.randn(self.batch, *self.img_size, device=self.device, requires_grad=True)
        opt = torch.optim.Adam([x], self.lr_g)
        for c in range(self.num_classes):
            targets = sample_soft_targets(self.batch, self.sim_fine, c).to(self.device)
            for _ in range(self.iterations // self.num_classes):
                out = self.teacher(jitter_and_flip(x))
                loss = F.kl_div(F.log_softmax(out / self.T, dim=1), targets, reduction="batchmean")
                opt.zero_grad()
                loss.backward()
                opt.step()
            self.pool.add(x.detach())
        return {"synthetic": x.detach()}
