# cosaudit corpus, synthetic file: same shape as zeblithic/harmony/training/scripts/probe_layer_decay.py at 07dbaf0459dab10132a8dcc6398ae6b13629ae45 (licence Apache-2.0 OR MIT); new code, no text copied.
"""Layer-decay probe: does the injected signal survive to the LM-head input?

For the difference between two runs (real vs shuffled memory table) we report, per site,
the relative size of the difference and, at the LM-head input, how well it lines up with
any vocabulary row (largest |cos| and mean of the top 10).
"""
import torch
import torch.nn.functional as F


def relative_size(diff: torch.Tensor, ref: torch.Tensor, eps: float = 1e-12) -> float:
    d = diff.flatten(end_dim=-2).norm(dim=-1)
    r = ref.flatten(end_dim=-2).norm(dim=-1).clamp(min=eps)
    return (d / r).mean().item()


def vocab_row_alignment(delta: torch.Tensor, head_weight: torch.Tensor, top_k: int = 10) -> dict:
    """delta: [..., D]; head_weight: [V, D] (lm_head.weight)."""
    unit_delta = F.normalize(delta.flatten(end_dim=-2), dim=-1, eps=1e-12)
    unit_rows = F.normalize(head_weight, dim=-1, eps=1e-12)
    cos = (unit_delta @ unit_rows.T).abs()
    best = cos.topk(min(top_k, cos.shape[-1]), dim=-1).values
    return {"max_cos": best[:, 0].mean().item(), "topk_mean_cos": best.mean().item()}


def verdict(frac_inj: float, frac_head: float, max_cos: float) -> str:
    if frac_inj < 5e-3:
        return "tiny"
    if frac_head < 0.25 * frac_inj:
        return "decay"
    if max_cos < 0.05:
        return "blind"
    return "ambiguous"


def report(model, real_acts, shuf_acts):
    delta = real_acts["head_in"] - shuf_acts["head_in"]
    stats = vocab_row_alignment(delta, model.lm_head.weight.detach().float())
    print(f"max |cos| with a vocabulary row: {stats['max_cos']:.4f}")
    return stats
