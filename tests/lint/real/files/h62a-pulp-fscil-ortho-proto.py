# Synthetic rewrite of the shape of pulp-platform/fscil:code/lib/run_FSCIL.py at 5b8c89cf2bc3ae484513a264a6334fecc6d6b2d9 (licence Apache-2.0); not the original text.
import torch
import torch.nn.functional as F


class KeyValueFewShotNet(torch.nn.Module):
    """Explicit-memory head: logits are cosines between query vectors and stored keys."""

    def __init__(self, encoder, n_classes, dim):
        super().__init__()
        self.encoder = encoder
        self.keys = torch.zeros(n_classes, dim)
        self.values = torch.eye(n_classes)
        self.last_queries = None

    def forward(self, images):
        queries = self.encoder(images)
        # the "prototype" attribute holds this batch's query vectors, not head rows
        self.last_queries = queries
        sims = F.normalize(queries, dim=1) @ F.normalize(self.keys, dim=1).t()
        weights = torch.relu(sims)
        return weights @ self.values


def train_step(net, batch, labels, optimiser, criterion, ortho_coef=0.0):
    optimiser.zero_grad()
    logits = net(batch)
    loss = criterion(logits, labels)
    if ortho_coef:
        # decorrelate feature dimensions across the batch
        q = F.normalize(net.last_queries, p=2, dim=0)
        gram_gap = q.t() @ q - torch.eye(q.shape[1], device=q.device)
        loss = loss + ortho_coef * gram_gap.pow(2).mean()
    loss.backward()
    optimiser.step()
    return loss.item()
