# cosaudit corpus, synthetic file: same shape as mechanistic-validity/mechanistic-validity/src/mechval_v2/core/mechanistic_interpretability/structural/52_polysemanticity.py at f67450c3267c750c922710fb8cc37d30b8e1893c (licence Apache-2.0); new code, no text copied.
import numpy as np
import torch


def participation(sv):
    sv = sv[sv > 1e-10]
    return float(sv.sum() ** 2 / (sv ** 2).sum()) if len(sv) else 0.0


@torch.no_grad()
def head_fan_out(model, threshold=0.1):
    U = model.W_U.float()
    U_unit = U / U.norm(dim=0, keepdim=True).clamp(min=1e-10)
    out = {}
    for L in range(model.cfg.n_layers):
        for H in range(model.cfg.n_heads):
            ov = (model.blocks[L].attn.W_V[H] @ model.blocks[L].attn.W_O[H]).float()
            sv = torch.linalg.svdvals(ov).cpu().numpy()
            _, _, vt = torch.linalg.svd(ov, full_matrices=False)
            lead = vt[0] / vt[0].norm().clamp(min=1e-10)
            cos = (lead @ U_unit).abs()
            out[(L, H)] = {"participation": participation(sv), "fan_out": int((cos > threshold).sum())}
    return out
