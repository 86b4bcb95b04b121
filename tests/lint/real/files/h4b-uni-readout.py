# cosaudit corpus, synthetic file: same shape as ai2050lin/Ai2050-UniOne/tests/glm5/phase_cclxxi_readout_geometry.py at 41b000150f18a976737e4207357c8d43262e53ff (licence NOASSERTION); new code, no text copied.
"""Readout geometry: do the down-projection columns point at output tokens?

Exp: for each layer, the max cosine of every W_down column with any row of W_U,
and the cosine of category readout vectors with category directions.
"""
import numpy as np
from model_utils import load_model, get_layers, get_W_U, get_layer_weights


def cos(a, b):
    na, nb = np.linalg.norm(a), np.linalg.norm(b)
    return 0.0 if na < 1e-10 or nb < 1e-10 else float(a @ b / (na * nb))


def down_vs_unembed(model_name, n_tokens=5000, seed=0):
    model, tok, device = load_model(model_name)
    W_U = get_W_U(model)                                  # [vocab, d_model] = lm_head.weight
    rng = np.random.default_rng(seed)
    rows = W_U[rng.choice(W_U.shape[0], n_tokens, replace=False)]
    rows = rows / np.linalg.norm(rows, axis=1, keepdims=True)
    results = []
    for li, layer in enumerate(get_layers(model)):
        W_down = get_layer_weights(layer).W_down          # [d_model, n_inter]
        cols = W_down.T / np.linalg.norm(W_down.T, axis=1, keepdims=True)
        best = (cols @ rows.T).max(axis=1)
        results.append({"layer": li, "mean_max_cos": float(best.mean()),
                        "frac_above_0.3": float((best > 0.3).mean())})
    return results
