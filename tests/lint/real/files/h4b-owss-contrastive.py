# cosaudit corpus, synthetic file: same shape as AVarvarigos/Open-World-Semantic-Segmentation-Including-Class-Similarity/src/losses/contrastive_loss.py at 6090adfac515ab533f4669aa212a04ff07a46021 (licence NOASSERTION); new code, no text copied.
import torch
import torch.nn as nn
import torch.nn.functional as F


class BankContrastiveLoss(nn.Module):
    """Pull each class's mean pixel embedding towards its entry in a running feature bank."""

    def __init__(self, n_classes, temperature=0.1):
        super().__init__()
        self.n_classes = n_classes
        self.t = temperature

    def forward(self, bank, emb, labels):
        bank = F.normalize(bank, dim=-1)
        emb = F.normalize(emb, dim=1)
        total = emb.new_zeros(())
        for e, lab in zip(emb, labels):
            present = [c for c in lab.unique().tolist() if c != 255]
            if not present:
                continue
            means = torch.stack([e[:, lab == c].mean(dim=1) for c in present])   # [n_present, D]
            sims = means @ bank.T / self.t                                        # cosine / temperature
            total = total + F.cross_entropy(sims, torch.tensor(present, device=sims.device))
        return total / emb.shape[0]
