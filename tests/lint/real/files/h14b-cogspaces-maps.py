# cosaudit corpus, synthetic file: same shape as arthurmensch/cogspaces/exps/analyse/maps.py at 6d380c818cd7f4ee10eb32dfb5ab593dd234beff (licence BSD-2-Clause); new code, no text copied.
from os.path import join

import numpy as np
import torch
from joblib import Memory, load

from cogspaces.datasets.utils import get_output_dir

mem = Memory(cachedir="/tmp/cache")


def inspect_classification(output_dir, dictionary, components):
    estimator = load(join(output_dir, "estimator.pkl"))
    module = estimator.classifier_.module_
    components_full = components @ dictionary
    classifs, classifs_full = {}, {}
    for study, clf in module.classifiers.items():
        rows = clf.linear.weight.detach()
        gain = clf.batch_norm.weight.detach() / torch.sqrt(clf.batch_norm.running_var)
        rows = rows * gain
        classifs[study] = rows.numpy()
        classifs_full[study] = classifs[study] @ components_full
    return components_full, classifs, classifs_full


def grade_components(output_dir, dictionary, components, grade="cosine_similarities"):
    components_full, classifs, classifs_full = mem.cache(inspect_classification)(output_dir, dictionary, components)
    grades = {}
    if grade == "cosine_similarities":
        for study, full in classifs_full.items():
            grades[study] = (full @ components_full.T
                             / np.linalg.norm(full, axis=1)[:, None]
                             / np.linalg.norm(components_full, axis=1)[None, :])
    elif grade == "log_odd":
        for study, c in classifs.items():
            grades[study] = np.exp(c)
    ranking = []
    stacked = np.concatenate(list(grades.values()), axis=0)
    for k in range(stacked.shape[1]):
        ranking.append({s: np.argsort(g[:, k])[::-1][:5].tolist() for s, g in grades.items()})
    return ranking


if __name__ == "__main__":
    out = join(get_output_dir(), "factored", "1")
    print(grade_components(out, np.load("dictionary.npy"), np.load("components.npy")))
