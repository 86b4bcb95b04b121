# Synthetic rewrite of the shape of klei22/nanoGPT:analysis/lm_head_pairwise_angles/compare_lm_head_pairwise_angles.py at 1103604342ffdacc0442263dc948e3b1c70914c9 (licence NOASSERTION); not the original text.
"""Do two training runs end up with the same angles between output-vocabulary vectors?"""
import argparse

import torch
import torch.nn.functional as F


def state_dict_of(path):
    blob = torch.load(path, map_location="cpu", weights_only=False)
    return {k.replace("_orig_mod.", "", 1): v for k, v in blob["model"].items()}


def head_matrix(sd, override=None):
    for key in ([override] if override else ["lm_head.weight", "transformer.wte.weight"]):
        if key in sd and sd[key].dim() == 2:
            return key, sd[key]
    hits = sorted(k for k, v in sd.items() if k.endswith("lm_head.weight") and v.dim() == 2)
    if hits:
        return hits[0], sd[hits[0]]
    raise KeyError("no output head in checkpoint")


def angle_matrix(W):
    vecs = F.normalize(W.float(), dim=1)
    cosine = (vecs @ vecs.T).clamp(-1, 1)
    return torch.rad2deg(torch.acos(cosine))


def compare(path_a, path_b, lo=0.0, hi=180.0):
    _, Wa = head_matrix(state_dict_of(path_a))
    _, Wb = head_matrix(state_dict_of(path_b))
    A, B = angle_matrix(Wa), angle_matrix(Wb)
    iu = torch.triu_indices(A.shape[0], A.shape[0], offset=1)
    a, b = A[iu[0], iu[1]], B[iu[0], iu[1]]
    keep = (a >= lo) & (a <= hi)
    d = (b - a)[keep]
    return {
        "pairs": int(keep.sum()),
        "mean_abs_shift_deg": float(d.abs().mean()),
        "corr": float(torch.corrcoef(torch.stack([a[keep], b[keep]]))[0, 1]),
    }


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("first")
    ap.add_argument("second")
    ns = ap.parse_args()
    for k, v in compare(ns.first, ns.second).items():
        print(k, v)
