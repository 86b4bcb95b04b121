# cosaudit corpus, synthetic file: same shape as hamedrq7/BERT-PG/training_script/DeBERTa/SODEF/analysis_utils.py at d498da59ea90580d5f8ec19f9cd86af7167fb837 (licence NOASSERTION); new code, no text copied.
"""Diagnostics for the ODE-defended classifier: output-layer geometry, feature alignment before/after
the ODE block, margins. The output layer analysed here is the model's fixed readout (see models.py)."""
import os
from typing import Dict

import matplotlib.pyplot as plt
import torch
import torch.nn as nn

from models import FixedReadout, OdeStage2, OdeStage3, spread_rows_two_classes  # noqa: F401
from models import AnalysisBundle


def _unit(x: torch.Tensor, eps: float = 1e-12) -> torch.Tensor:
    return x / (x.norm(dim=-1, keepdim=True) + eps)


def _heatmap(mat: torch.Tensor, title: str, path: str):
    plt.figure(figsize=(5, 4))
    plt.imshow(mat.cpu().numpy(), vmin=-1, vmax=1)
    plt.title(title)
    plt.colorbar()
    plt.savefig(path, dpi=150)
    plt.close()


def readout_geometry(readout: nn.Linear, out_dir: str) -> Dict:
    W = readout.weight.detach()                 # [C, d]
    norms = W.norm(dim=1)
    stats = {"w_norm_mean": float(norms.mean()), "num_classes": W.shape[0]}

    U = _unit(W)
    cos = U @ U.t()                             # [C, C]
    _heatmap(cos, "cosine between class weight vectors", os.path.join(out_dir, "readout_cos.png"))
    off = cos - torch.diag(torch.diag(cos))
    stats["offdiag_cos_mean"] = float(off.sum() / (W.shape[0] * (W.shape[0] - 1)))
    return stats


def stage_alignment(feats: torch.Tensor, labels: torch.Tensor, readout: nn.Linear) -> Dict:
    Wn = _unit(readout.weight.detach().to(feats.device))
    align = (_unit(feats) * Wn[labels]).sum(dim=1)      # cos(feature, w_true)
    return {"align_true_mean": float(align.mean())}


def run_analysis(bundle: AnalysisBundle, out_dir: str) -> Dict:
    os.makedirs(out_dir, exist_ok=True)
    res = {"readout": readout_geometry(bundle.readout, out_dir)}
    res["before"] = stage_alignment(bundle.before_feats, bundle.labels, bundle.readout)
    res["after"] = stage_alignment(bundle.after_feats, bundle.labels, bundle.readout)
    return res


def analyse_model(model, loader, device, phase):
    bundle = model.collect_features(loader, device, return_outputs=True)   # readout = model.fc.layer
    print(phase, run_analysis(bundle, f"./ode_analysis_{phase}"))
