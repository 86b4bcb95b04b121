# Synthetic rewrite of the shape of devan-srinivasan/mechanistic-interpretability:understanding_superposition/sae.py at 8a7a34ca1abaa77ca74d9001a4157fbb0a29672e (licence NOASSERTION); not the original text.
# Idea kept: a sparse autoencoder on BERT embeddings whose decoder columns are
# initialised as small random unit directions, trained either with MSE or with a
# "directional" loss 1 - cos(reconstruction, input), plus an L1 penalty weighted
# by decoder column norms; validation reports the same reconstruction cosine.
import torch
import torch.nn as nn
import torch.nn.functional as F


class TinySAE(nn.Module):
    def __init__(self, d_in: int, d_hidden: int):
        super().__init__()
        self.enc = nn.Linear(d_in, d_hidden)
        self.dec = nn.Linear(d_hidden, d_in)
        nn.init.zeros_(self.enc.bias)
        nn.init.zeros_(self.dec.bias)
        with torch.no_grad():
            r = torch.randn_like(self.dec.weight)
            self.dec.weight.copy_(0.1 * r / (r.norm(dim=0, keepdim=True) + 1e-8))
            self.enc.weight.copy_(self.dec.weight.T)

    def forward(self, x):
        z = F.relu(self.enc(x))
        return self.dec(z), z


def sparsity(z, dec_w, lam):
    return lam * (z.abs().sum(0) * dec_w.norm(dim=0)).sum()


def mse_objective(x_hat, x, z, lam, dec_w):
    return F.mse_loss(x_hat, x) + sparsity(z, dec_w, lam)


def directional_objective(x_hat, x, z, lam, dec_w):
    agree = F.cosine_similarity(x_hat, x, dim=1)      # reconstruction vs input
    return (1 - agree.mean()) + sparsity(z, dec_w, lam)


@torch.no_grad()
def validate(model, loader, lam, objective=directional_objective):
    sims, total = [], 0.0
    for (x,) in loader:
        x_hat, z = model(x)
        active = (z.abs() > 1e-4).sum(1) > 0
        sims += F.cosine_similarity(x_hat, x)[active].tolist()
        total += objective(x_hat, x, z, lam, model.dec.weight).item()
    return total / max(1, len(loader)), sum(sims) / max(1, len(sims))
