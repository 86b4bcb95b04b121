# cosaudit corpus, synthetic file: same shape as CodeHalwell/LANTERN/lantern/uncertainty/semantic_dispersion.py at b6ab9ad26fd4cdaaff5e52d8802f9b0f27e6f3e1 (licence Apache-2.0); new code, no text copied.
"""Is a high-entropy step a choice between synonyms or between different meanings?"""
import torch
import torch.nn.functional as F


def _as_batch(x: torch.Tensor) -> tuple[torch.Tensor, bool]:
    return (x, True) if x.dim() == 2 else (x.unsqueeze(0), False)


def weighted_spread(logits: torch.Tensor, embedding_matrix: torch.Tensor, k: int = 10) -> torch.Tensor:
    """Probability-weighted variance of the top-k candidates' embedding vectors."""
    logits, batched = _as_batch(logits)
    p, idx = F.softmax(logits, dim=-1).topk(k, dim=-1)
    w = p / p.sum(dim=-1, keepdim=True)
    vecs = embedding_matrix[idx]
    centre = (w.unsqueeze(-1) * vecs).sum(dim=1)
    spread = (w * ((vecs - centre.unsqueeze(1)) ** 2).sum(-1)).sum(-1)
    return spread if batched else spread.squeeze(0)


def candidate_similarity(logits: torch.Tensor, embedding_matrix: torch.Tensor, k: int = 10) -> torch.Tensor:
    """Mean pairwise cosine of the top-k candidates' embedding vectors (high = near-synonyms)."""
    logits, batched = _as_batch(logits)
    _, idx = F.softmax(logits, dim=-1).topk(k, dim=-1)
    unit_vecs = F.normalize(embedding_matrix[idx], p=2, dim=-1)
    sims = torch.bmm(unit_vecs, unit_vecs.transpose(1, 2))
    off = ~torch.eye(k, dtype=torch.bool, device=logits.device)
    mean_sim = sims[:, off].mean(dim=-1)
    return mean_sim if batched else mean_sim.squeeze(0)


def read_step(entropy: float, spread: float, h_cut: float = 1.5, s_cut: float = 0.5) -> str:
    if entropy <= h_cut:
        return "confident"
    return "synonyms" if spread <= s_cut else "uncertain"
