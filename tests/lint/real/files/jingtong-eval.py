# cosaudit corpus, synthetic file: same shape as JingtongSu/robust_neural_collapse/eval.py at d95d2c31d383128bb1130474403352d8a54338b3 (licence NOASSERTION); new code, no text copied.
import numpy as np
import torch


def nc2_pairwise(model, M_):
    """M_: [d, C] centred class means. Angles between every pair of class means and of classifier rows."""
    W = model.linear.weight.detach()                  # [C, d]
    angles_activations, angles_weights = [], []
    for i in range(M_.shape[1]):
        for j in range(i + 1, M_.shape[1]):
            angles_activations.append(
                (torch.dot(M_[:, i], M_[:, j]) / (torch.norm(M_[:, i]) * torch.norm(M_[:, j]))).cpu().numpy())
            angles_weights.append(
                (torch.dot(W.T[:, i], W.T[:, j]) / (torch.norm(W.T[:, i]) * torch.norm(W.T[:, j]))).cpu().numpy())
    norms_weights = [torch.norm(W.T[:, i]).cpu().numpy() for i in range(M_.shape[1])]
    return {
        "angle_std_H": float(np.std(angles_activations)),
        "angle_std_W": float(np.std(angles_weights)),
        "norm_cv_W": float(np.std(norms_weights) / np.mean(norms_weights)),
    }
