# cosaudit corpus, synthetic file: same shape as ai2050lin/Ai2050-UniOne/tests/glm5/ccxxxii_resid_wu_decompose.py at 41b000150f18a976737e4207357c8d43262e53ff (licence NOASSERTION); new code, no text copied.
"""How much of the residual lies in the row space of W_U?"""
import numpy as np
from scipy.sparse.linalg import svds
from model_utils import load_model, get_W_U


def row_space_basis(W_U, k):
    U, s, _ = svds(W_U.T.astype(np.float32), k=k)         # W_U: [vocab, d_model]
    order = np.argsort(s)[::-1]
    return U[:, order], s[order]


def split(resid, basis):
    inside = basis @ (basis.T @ resid)
    return inside, resid - inside


def analyse(model_name, residuals, token_ids, k=200):
    model, tok, device = load_model(model_name)
    W_U = get_W_U(model)
    basis, _ = row_space_basis(W_U, k)
    report = {}
    for name, r in residuals.items():
        inside, outside = split(r, basis)
        report[name] = {
            "inside_share": float(np.linalg.norm(inside) ** 2 / np.linalg.norm(r) ** 2),
            "logits": (W_U[token_ids] @ r).tolist(),
        }
    dirs = {n: v / np.linalg.norm(v) for n, v in residuals.items()}
    names = list(dirs)
    report["direction_cos"] = {f"{a}|{b}": float(dirs[a] @ dirs[b]) for a in names for b in names if a < b}
    return report
