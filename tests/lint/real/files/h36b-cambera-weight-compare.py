# Synthetic rewrite of the shape of jammastergirish/CambridgeERA:experiment/collect_weight_comparison.py at 904de675c3c5681966795590284de28f6c38d081 (licence NOASSERTION); not the original text.
import torch


def pair_metrics(base_w: torch.Tensor, edited_w: torch.Tensor) -> dict:
    """Compare one weight matrix of the base model with the unlearned model's copy."""
    a = base_w.float()
    b = edited_w.float()
    delta = b - a

    # whole-matrix cosine: both matrices flattened to one long vector
    whole_cos = torch.nn.functional.cosine_similarity(
        a.flatten().unsqueeze(0), b.flatten().unsqueeze(0)
    ).item()

    flat = delta.flatten()
    fro = float(delta.norm())
    base_fro = float(a.norm())
    return {
        "elements": flat.numel(),
        "cosine_sim": whole_cos,
        "diff_mean": flat.mean().item(),
        "diff_abs_mean": flat.abs().mean().item(),
        "frobenius_norm": fro,
        "rel_frobenius": fro / base_fro if base_fro > 0 else float("inf"),
    }


def compare_models(model_a, model_b):
    rows = {}
    params_b = dict(model_b.named_parameters())
    for name, w in model_a.named_parameters():
        if w.ndim == 2 and name in params_b:
            rows[name] = pair_metrics(w.detach(), params_b[name].detach())
    return rows
