# cosaudit corpus, synthetic file: same shape as mechanistic-validity/mechanistic-validity/src/mechval_v2/core/mechanistic_interpretability/structural/18_weight_extended.py at f67450c3267c750c922710fb8cc37d30b8e1893c (licence Apache-2.0); new code, no text copied.
import torch


@torch.no_grad()
def ov_vocab_directions(model, k=3):
    W_U = model.W_U.float()
    dirs = {}
    for L in range(model.cfg.n_layers):
        for H in range(model.cfg.n_heads):
            ov = (model.W_V[L, H] @ model.W_O[L, H]).float()
            _, _, vt = torch.linalg.svd(ov, full_matrices=False)
            logit_profile = vt[:k] @ W_U
            dirs[(L, H)] = logit_profile / logit_profile.norm(dim=-1, keepdim=True).clamp(min=1e-10)
    return dirs


def alignment_with_rest(dirs, circuit):
    others = torch.cat([dirs[h] for h in sorted(dirs) if h not in circuit])
    result = {}
    for L, H in sorted(circuit):
        circuit_dirs = dirs[(L, H)]
        cos = circuit_dirs @ others.T
        result[f"L{L}H{H}"] = cos.abs().max().item()
    return result
