# Synthetic rewrite of the shape of andyrdt/refusal_direction:pipeline/submodules/select_direction.py at 9d852fae1a9121c78b29142de733cb1340770cc3 (licence Apache-2.0); not the original text.
"""Pick the best candidate 'refusal' direction: score each candidate by how the
log-odds of refusal-opening tokens move when it is ablated or added, and drop
candidates whose ablation changes harmless outputs too much (KL)."""
import torch


def refusal_log_odds(logits: torch.Tensor, opener_ids: torch.Tensor, eps: float = 1e-8) -> torch.Tensor:
    last = logits[:, -1, :].to(torch.float64)
    p = torch.softmax(last, dim=-1)
    p_refuse = p[:, opener_ids].sum(dim=-1)            # mass on the refusal openers
    return torch.log(p_refuse + eps) - torch.log(1.0 - p_refuse + eps)


def batch_scores(model, prompts, encode, opener_ids, hooks=(), bs=16):
    out = torch.zeros(len(prompts), device=model.device)
    for start in range(0, len(prompts), bs):
        enc = encode(prompts[start:start + bs])
        with hooks_applied(hooks):
            logits = model(input_ids=enc.input_ids.to(model.device),
                           attention_mask=enc.attention_mask.to(model.device)).logits
        out[start:start + bs] = refusal_log_odds(logits, opener_ids)
    return out


def keep_candidate(ablate_score, add_score, kl, layer, n_layers,
                   kl_max=0.1, add_min=0.0, skip_last_frac=0.2) -> bool:
    if any(torch.isnan(torch.tensor(v)) for v in (ablate_score, add_score, kl)):
        return False
    if layer >= int(n_layers * (1.0 - skip_last_frac)):
        return False
    return kl <= kl_max and add_score >= add_min


def hooks_applied(hooks):
    from contextlib import nullcontext
    return nullcontext()
