# cosaudit corpus, synthetic file: same shape as arthurmensch/cogspaces/cogspaces/report.py at 497c5202405a85981f2bcddff0609d2af2acdbfd (licence BSD-2-Clause); new code, no text copied.
import numpy as np
import torch
from nilearn.input_data import NiftiMasker

from cogspaces.datasets import fetch_atlas_modl, fetch_mask


def compute_classifs(estimator, scaler, config):
    if config["model"]["estimator"] == "multi_study":
        module = estimator.module_
        d = module.embedder.in_features
        with torch.no_grad():
            maps = module({s: torch.eye(d) for s in module.classifiers}, logits=True)
            offsets = module({s: torch.zeros(1, d) for s in module.classifiers}, logits=True)
            maps = {s: (maps[s] - offsets[s]) for s in maps}
            maps = {s: m - m.mean(dim=0, keepdim=True) for s, m in maps.items()}
        maps = {s: m.numpy().T for s, m in maps.items()}
    else:
        maps = estimator.coef_
    if scaler is not None:
        maps = {s: m / scaler.scs_[s].scale_[None, :] for s, m in maps.items()}
    if config["data"]["reduced"]:
        masker = NiftiMasker(mask_img=fetch_mask()).fit()
        dictionary = masker.transform(fetch_atlas_modl()["components_453_gm"])
        maps = {s: m @ dictionary for s, m in maps.items()}
    return maps


def grade_contrasts(estimator, scaler, config, components, grade="cosine_similarities"):
    grades = {}
    if grade == "cosine_similarities":
        maps = compute_classifs(estimator, scaler, config)
        cut = np.percentile(np.abs(components), 100 * (1 - 1 / len(components)))
        components = np.where(components < cut, 0, components)
        for study, m in maps.items():
            m = m - m.mean(axis=0, keepdims=True)  # remove the mean map over the study's contrasts
            grades[study] = (m @ components.T) / np.linalg.norm(m, axis=1)[:, None] / np.linalg.norm(components, axis=1)[None, :]
    elif grade == "loadings":
        for study, clf in estimator.module_.classifiers.items():
            d = clf.linear.in_features
            with torch.no_grad():
                load = (clf(torch.eye(d), logits=True) - clf(torch.zeros(1, d), logits=True)).T.numpy()
            grades[study] = load - load.mean(axis=0, keepdims=True)
    else:
        raise ValueError(grade)
    return grades
