# cosaudit corpus, synthetic file: same shape as Spinozaaa/Federated-Long-tailed-Learning/fedml_api/clsimb_fedavg/fedavg_api.py at 9944e7a55cc709cfd3d65741e49779425101a1ab (licence NOASSERTION); new code, no text copied.
"""Server side of a federated long-tail trainer: guess each client's label
distribution from how much the classifier rows moved, and log how close the
guess is to the truth."""
import copy
import logging

import numpy as np
import torch


def vec_cosine(a, b):
    return float(np.dot(a, b) / (np.linalg.norm(a) * np.linalg.norm(b)))


class ImbalanceAwareServer:
    def __init__(self, args, class_num, client_counts):
        self.args = args
        self.class_num = class_num
        self.client_counts = client_counts
        self.estimates = []
        self.total_estimate = None
        self.mean_sim = 0.0
        self.seen = 0

    def row_signal(self, delta, how="sum"):
        # one number per class from the change of its classifier row
        if how == "sum":
            return delta.sum(dim=1) if delta.dim() > 1 else delta
        if how == "norm":
            return torch.norm(delta, 2, 1)
        raise ValueError(how)

    def estimate_distribution(self, new_params, old_params, n_samples, idx):
        key = list(new_params.keys())[-1]
        if "fc" in key:
            moved = new_params["fc.weight"] - old_params["fc.weight"]
        else:
            heads = [k for k in new_params if k.startswith("backbone.linears.") and k.endswith(".weight")]
            moved = sum(new_params[k] - old_params[k] for k in heads) / max(len(heads), 1)
        signal = self.row_signal(moved, "sum").cpu().numpy()
        signal = np.where(signal <= 0, 1e-5, signal)
        share = signal / signal.sum()
        guess = np.around(share * n_samples).astype(int)
        truth = np.array(self.client_counts[idx])
        self.estimates.append(list(guess))

        sim = vec_cosine(guess, truth)
        if self.total_estimate is None:
            self.total_estimate = copy.deepcopy(guess)
            self.mean_sim, self.seen = sim, 1
        else:
            self.total_estimate += guess
            self.mean_sim += sim
            self.seen += 1
        if self.seen == self.args.client_num_in_total:
            logging.info("mean estimate similarity %.4f", self.mean_sim / self.seen)
