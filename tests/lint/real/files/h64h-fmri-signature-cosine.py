# Synthetic rewrite of the shape of JoshuaDuq/eegfmri-pipeline:fmri_pipeline/analysis/multivariate_signatures.py at 6b6915f4bc65dff678a5a09fa93738b70a57d4ba (licence MIT); not the original text.
"""Express a subject's fMRI contrast map on published multivariate signatures (one voxel-weight map each)."""
from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional

import nibabel as nib
import numpy as np
from nilearn.image import resample_to_img


@dataclass(frozen=True)
class Expression:
    signature: str
    n_voxels: int
    dot: float
    cosine: Optional[float]
    pearson: Optional[float]


def _paired_finite(x: np.ndarray, w: np.ndarray, mask: Optional[np.ndarray]):
    keep = np.isfinite(x) & np.isfinite(w)
    if mask is not None:
        keep &= mask
    return x[keep].ravel(), w[keep].ravel()


def express(contrast_path: Path, signatures: Dict[str, Path], mask_path: Optional[Path] = None) -> List[Expression]:
    img = nib.load(str(contrast_path))
    mask = None
    if mask_path is not None:
        mask = resample_to_img(nib.load(str(mask_path)), img, interpolation="nearest").get_fdata() > 0
    out = []
    for name, path in signatures.items():
        # the signature is a single weight map from a linear predictive model of one outcome
        weights = resample_to_img(nib.load(str(path)), img, interpolation="continuous").get_fdata()
        x, w = _paired_finite(img.get_fdata(), weights, mask)
        if x.size == 0:
            raise ValueError(f"no overlapping voxels for {name}")
        dot = float(x @ w)
        nx, nw = math.sqrt(float(x @ x)), math.sqrt(float(w @ w))
        cos = dot / (nx * nw) if nx > 0 and nw > 0 else None
        r = float(np.corrcoef(x, w)[0, 1]) if x.size > 1 else None
        out.append(Expression(name, int(x.size), dot, cos, r))
    return out
