# cosaudit corpus, synthetic file: same shape as cjyaras/normalized-neural-collapse/generalized_model.py at 286f66967757bab6b851d60956642623e638d839 (licence MIT); new code, no text copied.
import numpy as np
import scipy.linalg


class Evaluator:
    def __init__(self, model, num_classes):
        self.model = model
        self.num_classes = num_classes

    def collapse_metrics(self, Sigma_W, hbar, hG):
        K = self.num_classes
        centred = hbar - hG[:, None]
        Sigma_B = centred @ centred.T / K
        W = self.model.fc.weight.data.cpu().numpy().T        # d x K
        ideal = np.sqrt(1 / (K - 1)) * (np.eye(K) - 1 / K)

        nc1 = np.trace(Sigma_W @ scipy.linalg.pinv(Sigma_B)) / K
        gram = W.T @ W                                         # class-by-class
        nc2 = np.linalg.norm(gram / np.linalg.norm(gram) - ideal)
        dual = W.T @ hbar
        nc3 = np.linalg.norm(dual / np.linalg.norm(dual) - ideal)
        return nc1, nc2, nc3
