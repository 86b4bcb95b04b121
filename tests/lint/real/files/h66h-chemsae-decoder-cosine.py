# Synthetic rewrite of the shape of tjdgns1502/chemberta_SAE:src/chem_sae/train/quality_metrics.py at 77524214c5734f65ab06a19609895a0a2e811a2f (licence NOASSERTION); not the original text.
from dataclasses import dataclass

import torch


@dataclass(frozen=True)
class SaeHealth:
    rel_mse: float
    avg_l0: float
    frac_dead: float
    overlap_of_firing: float
    worst_atom_overlap: float


def abs_cos_summary(rows):
    """Mean and max |cos| over distinct pairs of rows (zero rows dropped)."""
    rows = rows.float()
    lengths = rows.norm(dim=1)
    rows = rows[lengths > 1e-12]
    if rows.shape[0] < 2:
        return 0.0, 0.0
    unit = rows / rows.norm(dim=1, keepdim=True)
    sims = (unit @ unit.T).abs().clamp(0, 1)
    off = ~torch.eye(sims.shape[0], dtype=torch.bool)
    return sims[off].mean().item(), sims[off].max().item()


def dictionary_atoms(sae, n_latents):
    w = sae.decoder.weight.detach().float().cpu()
    # nn.Linear(n_latents, d_model).weight is (d_model, n_latents): one column per atom
    return w.T if w.shape[1] == n_latents else w


@torch.no_grad()
def score_sae(sae, loader, device, top=64):
    sae.eval()
    errs, l0s, fired, codes = [], [], None, []
    for acts in loader:
        acts = acts.to(device).float()
        _, z, recon = sae(acts)
        errs.append(((recon - acts) ** 2).mean(1).div(acts.pow(2).mean(1).clamp_min(1e-8)).mean().item())
        l0s.append((z > 0).float().sum(1).mean().item())
        fired = (z > 0).float().sum(0).cpu() if fired is None else fired + (z > 0).float().sum(0).cpu()
        codes.append(z.cpu())
    z_all = torch.cat(codes)
    busiest = torch.topk(fired, k=min(top, fired.numel())).indices
    firing_overlap, _ = abs_cos_summary(z_all[:, busiest].T)
    # pairwise cosine between decoder atoms of the sparse autoencoder
    _, atom_overlap = abs_cos_summary(dictionary_atoms(sae, fired.numel())[busiest])
    return SaeHealth(
        rel_mse=sum(errs) / len(errs),
        avg_l0=sum(l0s) / len(l0s),
        frac_dead=(fired == 0).float().mean().item(),
        overlap_of_firing=firing_overlap,
        worst_atom_overlap=atom_overlap,
    )
