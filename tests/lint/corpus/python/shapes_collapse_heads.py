# expect: COS301
"""Classifier rows reached by name rather than by a loader: neural-collapse NC2 helpers whose
matrix parameter is the classifier (no caller in the file), the unconstrained-features model's
`W, H, b`, a distiller that reads its teacher's head in `__init__`, a getter named for the
unembedding, and `V, d = W_U.shape` saying which axis holds the labels. Beside each, the
look-alike that stays quiet: Grams of class means, W against the class means (NC3), an ETF
helper given class means, NMF factors, a fresh layer in an initialiser, input embeddings.

Shapes seen in public training and analysis code; written for cosaudit's tests.
"""
import numpy as np
import torch
import torch.nn.functional as F


def simplex_etf_distance(W):
    K = W.shape[0]
    gram = torch.mm(W, W.T)  # expect: COS102
    gram = gram / torch.norm(gram, p="fro")
    ideal = (torch.eye(K) - torch.ones(K, K) / K) / (K - 1) ** 0.5
    return torch.norm(gram - ideal, p="fro").item()


def etf_of_means(M):
    K = M.shape[0]
    gram = M @ M.T
    ideal = (torch.eye(K) - torch.ones(K, K) / K) / (K - 1) ** 0.5
    return torch.norm(gram / gram.norm() - ideal).item()


def duality_gap(W, M):
    WM = W @ M.T
    return torch.norm(WM / WM.norm() - torch.eye(W.shape[0]) / W.shape[0] ** 0.5).item()


def is_equiangular(X, atol=1e-6):
    norms = np.linalg.norm(X, axis=0)
    inner = X.T @ X
    n = X.shape[1]
    target = np.full((n, n), -1.0 / (n - 1))
    np.fill_diagonal(target, 1.0)
    return np.allclose(norms, norms[0]) and np.allclose(inner, target, atol=atol)


def check_etf_solution(W, H):
    assert is_equiangular(W)  # expect: COS102
    return np.allclose(np.kron(W, np.ones(H.shape[1] // W.shape[1])), H)


def gram_etf_gap(W):
    K = W.shape[0]
    gram = W @ W.T
    return np.linalg.norm(gram / np.linalg.norm(gram) - (np.eye(K) - 1.0 / K) / np.sqrt(K - 1))


class_means = np.stack([feats[labels == c].mean(0) for c in range(10)])
print(gram_etf_gap(class_means - class_means.mean(0)))


W, H, b = solve_unconstrained_features(n_classes=10, dim=32)
inner = W.T @ W  # expect: COS102
print(np.round(inner, 3))

W_nmf, H_nmf = nmf(counts, rank=8)
print(W_nmf.T @ W_nmf)


class RelationDistiller(torch.nn.Module):
    def __init__(self, student, teacher, n_classes):
        super().__init__()
        self.student = student
        self.teacher = teacher
        rows = F.normalize(self.teacher.fc.weight, p=2, dim=-1)
        self.cost = 1.0 - rows.matmul(rows.transpose(-1, -2))  # expect: COS101
        self.proj = torch.nn.Linear(n_classes, n_classes)
        fresh = F.normalize(self.proj.weight, dim=-1)
        self.spread = (fresh @ fresh.T).abs().mean()


def top_tokens_by_cosine(vector, unembed_matrix, k=10):
    unit = unembed_matrix / unembed_matrix.norm(dim=1, keepdim=True).clamp(min=1e-8)
    scores = torch.mv(unit, vector / vector.norm())
    return torch.topk(scores, k)


def explain_direction(model, direction):
    return top_tokens_by_cosine(direction, model.get_unembedding_matrix())  # expect: COS120


def explain_class_mean(model, feature_means, c):
    return top_tokens_by_cosine(feature_means[c], model.get_unembedding_matrix())


U = model.get_unembedding_matrix()
U_unit = U / U.norm(dim=-1, keepdim=True)
print((U_unit @ (probe / probe.norm())).topk(20))  # expect: COS120
E = model.get_input_embeddings().weight
E_unit = E / E.norm(dim=-1, keepdim=True)
print((E_unit @ (probe / probe.norm())).topk(20))


def nearest_distances(W_U):
    V, d = W_U.shape
    unit = W_U / np.linalg.norm(W_U, axis=1, keepdims=True)
    sims = unit[:512] @ unit.T  # expect: COS101
    return np.sqrt(np.maximum(2.0 - 2.0 * sims, 0.0)).min(axis=1)


def logit_lens(W_U, resid):
    d_model, d_vocab = W_U.shape
    return resid @ W_U


def fisher_metric(h: np.ndarray, W_U: np.ndarray) -> np.ndarray:
    W_U = np.asarray(W_U, dtype=np.float64)
    V = W_U.shape[0]  # the vocabulary first: W_U.T @ (p * W_U) sums over labels, a [d, d] metric
    logits = h @ W_U.T
    p = np.exp(logits - logits.max()) / np.exp(logits - logits.max()).sum()
    weighted = p[:, None] * W_U
    mean = W_U.T @ p
    return W_U.T @ weighted - np.outer(mean, mean)


def vocab_gram(W_U: np.ndarray) -> np.ndarray:
    W_U = np.asarray(W_U, dtype=np.float64)
    d = W_U.shape[0]  # the hidden axis first: W_U.T @ W_U compares the vocabulary's columns
    return W_U.T @ W_U  # expect: COS102


class FixedSimplexHead:
    """A fixed simplex ETF classifier: built once, never trained (its rows are set by construction)."""

    def __init__(self, d, k):
        orth, _ = torch.linalg.qr(torch.randn(d, k))
        centring = torch.eye(k) - torch.ones(k, k) / k
        self.etf_vec = torch.mul(torch.matmul(orth, centring), (k / (k - 1)) ** 0.5).to("cpu")

    def scores(self, feature):
        logit = feature @ self.etf_vec
        return logit.softmax(dim=-1)

    def nearest_class(self, feature):
        unit = self.etf_vec / self.etf_vec.norm(dim=0, keepdim=True)
        return ((feature / feature.norm()) @ unit).argmax()


def nc3_self_duality(model, features, labels, num_classes):
    """NC3: each classifier row against its own class mean (quiet), and the same loop
    against a probe direction (a cosine with one label row: reported)."""
    W = model.fc.weight.detach().cpu().numpy()
    class_means_local = np.zeros((num_classes, features.shape[1]))
    for c in range(num_classes):
        class_means_local[c] = features[labels == c].mean(axis=0)
    centered_means = class_means_local - features.mean(axis=0)
    cos_sims = np.zeros(num_classes)
    probe_cos = np.zeros(num_classes)
    for c in range(num_classes):
        w_norm = W[c] / (np.linalg.norm(W[c]) + 1e-8)
        m_norm = centered_means[c] / (np.linalg.norm(centered_means[c]) + 1e-8)
        cos_sims[c] = np.dot(w_norm, m_norm)
        p_norm = probe_dirs[c] / np.linalg.norm(probe_dirs[c])
        probe_cos[c] = np.dot(w_norm, p_norm)  # expect: COS120
    return cos_sims.mean(), probe_cos
