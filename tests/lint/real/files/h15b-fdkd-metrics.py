# cosaudit corpus, synthetic file: same shape as MingNhayMua/FDKD-Fusion-Decoupled-Knowledge-Distillation/backend/inference/metrics.py at c003b6c12d1a820112a6ce9c9c317eaa16d866c2 (licence NOASSERTION); new code, no text copied.
"""Distribution-level comparisons between the teacher, the student and the baseline."""
import numpy as np
from scipy.spatial.distance import cosine as cosine_distance

ROLES = ["teacher", "dkd_student", "baseline"]


def softmax(z, t=1.0):
    z = np.asarray(z, dtype=np.float64) / t
    z = z - z.max()
    e = np.exp(z)
    return e / e.sum()


def kl(p, q):
    return float(np.sum(p * np.log((p + 1e-10) / (q + 1e-10))))


def entropy(p):
    return float(-np.sum(p * np.log(p + 1e-10)))


def compare_outputs(logits_by_role, temperature=1.0):
    if any(r not in logits_by_role for r in ROLES):
        return {"error": "missing model outputs"}
    probs = {r: softmax(logits_by_role[r], temperature) for r in ROLES}
    out = {f"entropy_{r}": entropy(probs[r]) for r in ROLES}
    for i, a in enumerate(ROLES):
        for b in ROLES[i + 1:]:
            out[f"kl_{a}_{b}"] = kl(probs[a], probs[b])
            out[f"cos_{a}_{b}"] = float(1.0 - cosine_distance(probs[a], probs[b]))
    return out
