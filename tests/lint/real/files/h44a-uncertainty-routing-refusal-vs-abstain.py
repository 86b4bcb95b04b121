# Synthetic rewrite of the shape of AkshTi/uncertainty_routing:experiment7_separability.py at 696d18d931d114925ecaab0042e6501346225a36 (licence NOASSERTION); not the original text.
"""Is the abstention steering direction the same as the refusal direction?"""
import numpy as np
import torch


def mean_diff_direction(acts_pos: torch.Tensor, acts_neg: torch.Tensor) -> torch.Tensor:
    return acts_pos.mean(dim=0) - acts_neg.mean(dim=0)


def compare_directions(direction1: torch.Tensor, direction2: torch.Tensor) -> dict:
    dir1_norm = direction1 / (torch.norm(direction1) + 1e-8)
    dir2_norm = direction2 / (torch.norm(direction2) + 1e-8)
    cosine_sim = float(torch.dot(dir1_norm, dir2_norm))
    angle = float(np.degrees(np.arccos(np.clip(cosine_sim, -1.0, 1.0))))
    return {"cos": cosine_sim, "angle_deg": angle, "dot": float(direction1 @ direction2)}


def shuffled_null(acts_a, acts_b, reference, n=200, seed=0):
    rng = np.random.default_rng(seed)
    pooled = torch.cat([acts_a, acts_b])
    ref = reference / reference.norm()
    out = []
    for _ in range(n):
        idx = torch.from_numpy(rng.permutation(len(pooled)))
        fake = mean_diff_direction(pooled[idx[: len(acts_a)]], pooled[idx[len(acts_a):]])
        out.append(abs(float(ref @ (fake / fake.norm()))))
    return np.array(out)


if __name__ == "__main__":
    refusal = mean_diff_direction(torch.randn(64, 1536) + 0.3, torch.randn(64, 1536))
    abstain = mean_diff_direction(torch.randn(64, 1536) - 0.2, torch.randn(64, 1536))
    print(compare_directions(refusal, abstain))
