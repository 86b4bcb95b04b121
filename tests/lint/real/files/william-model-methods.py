# cosaudit corpus, synthetic file: same shape as WilliamLockeIV/Spline-Theory-and-Neural-Collapse/Code/model_methods.py at 66d8063135ecb5581b362631a67ba1da5b70afc7 (licence NOASSERTION); new code, no text copied.
import torch
import torch.linalg as LA
import torch.nn.functional as F


def neural_collapse_stats(class_means, linear_weights):
    out = {}
    centred = class_means - class_means.mean(dim=0)
    norms = LA.vector_norm(centred, dim=1)
    out["NC2 Class Norms"] = (norms.std() / norms.mean()).item()
    class_angles = F.normalize(centred, dim=1) @ F.normalize(centred, dim=1).T
    rows, cols = torch.triu_indices(class_angles.shape[0], class_angles.shape[1], offset=1)
    out["NC2 Class Angles"] = class_angles[rows, cols].std().item()

    w_norms = torch.stack([LA.vector_norm(linear_weights[i]) for i in range(linear_weights.shape[0])])
    out["NC2 Linear Norms"] = (w_norms.std() / w_norms.mean()).item()
    linear_angles = F.normalize(linear_weights, dim=1)
    linear_angles = torch.matmul(linear_angles, linear_angles.T)
    out["NC2 Linear Angles"] = linear_angles[rows, cols].std().item()

    normed_w = linear_weights / LA.matrix_norm(linear_weights, ord="fro")
    normed_m = centred / LA.matrix_norm(centred, ord="fro")
    out["NC3"] = LA.matrix_norm(normed_w - normed_m).item()
    return out
