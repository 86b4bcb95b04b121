# Synthetic rewrite of the shape of LeoAnd00/Masters_Thesis:code/cell_type_representation/visualizations/CELLULAR/functions/train.py at c79367d436faa2c7854dafd55f1b33ae0eb71253 (licence MIT); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class SoftNeighbourCellLoss(nn.Module):
    """Contrastive (soft nearest neighbour) loss on the latent cell embeddings,
    pulling cells of one annotated cell type together in the latent space."""

    def __init__(self, tau=0.25, tau_min=0.1, tau_max=1.0):
        super().__init__()
        self.tau = nn.Parameter(torch.tensor(tau))
        self.tau_min, self.tau_max = tau_min, tau_max

    def forward(self, latent, cell_types):
        with torch.no_grad():
            self.tau.clamp_(self.tau_min, self.tau_max)
        # pairwise cosine between the embedded cells of the batch, exponentiated
        sim = torch.exp(F.cosine_similarity(latent.unsqueeze(1), latent.unsqueeze(0), dim=2) / self.tau)
        per_type = {}
        for i, (row, label) in enumerate(zip(sim, cell_types)):
            same = row[cell_types == label]
            other = row[cell_types != label]
            if same.numel() < 2 or other.numel() < 1:
                continue
            pos = same.sum() - row[i]          # drop the cell's similarity to itself
            neg = other.sum()
            per_type.setdefault(int(label), []).append(-torch.log(pos / (pos + neg)))
        losses = [torch.stack(v).mean() for v in per_type.values()]
        return torch.stack(losses).mean()
