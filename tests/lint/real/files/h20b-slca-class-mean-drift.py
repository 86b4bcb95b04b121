# Synthetic rewrite of the shape of GengDavid/SLCA:models/base.py at 169d4e6b91e3ca30caa717200c1944981c4426d1 (licence MIT); not the original text.
import logging

import numpy as np
import torch
from torch.utils.data import DataLoader


def refresh_class_statistics(learner, data_manager, check_diff=False, batch_size=64):
    """Recompute per-class feature means/covariances; optionally log how far each mean moved."""
    dim = learner.feature_dim
    if learner._class_means is None:
        learner._class_means = np.zeros((learner._total_classes, dim))
        learner._class_covs = torch.zeros((learner._total_classes, dim, dim))

    for c in range(learner._total_classes):
        _, _, subset = data_manager.get_dataset(np.arange(c, c + 1), source="train",
                                                mode="test", ret_data=True)
        loader = DataLoader(subset, batch_size=batch_size, shuffle=False)
        feats, _ = learner._extract_vectors(loader)
        mean_now = feats.mean(axis=0)
        cov_now = torch.cov(torch.tensor(feats, dtype=torch.float64).T) + 1e-4 * torch.eye(dim)

        if check_diff:
            before = torch.tensor(learner._class_means[c]).unsqueeze(0)
            after = torch.tensor(mean_now).unsqueeze(0)
            drift = torch.cosine_similarity(before, after).item()
            logging.info("class %d mean drift cosine: %.4f", c, drift)
            np.save("task{}_class{}_mean.npy".format(learner._cur_task, c), mean_now)

        learner._class_means[c] = mean_now
        learner._class_covs[c] = cov_now
