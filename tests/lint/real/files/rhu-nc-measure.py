# cosaudit corpus, synthetic file: same shape as rhubarbwu/neural-collapse/neural_collapse/measure.py at c05a0b80d6bc6e8e2e102f2180f1f33b2c9605fd (licence MIT); new code, no text copied.
import torch
import torch.linalg as la
from torch import Tensor
from torch.nn.functional import cosine_similarity


def normalize(x: Tensor) -> Tensor:
    return x / (la.norm(x, dim=-1, keepdim=True) + torch.finfo(x.dtype).eps)


def alignment(W: Tensor, M: Tensor, m_G: Tensor = 0, cos: bool = False) -> Tensor:
    """Per-class agreement between classifier vectors and centred class means."""
    M_c = (M - m_G).to(W.device)
    if cos:
        return cosine_similarity(W, M_c.to(W.dtype))
    return (W * M_c).sum(dim=1)


def dual_distance(W: Tensor, M: Tensor, m_G: Tensor = 0) -> Tensor:
    M_c = (M - m_G).to(W.device)
    return (normalize(W) - normalize(M_c)).norm(dim=-1)


def frame_error(A: Tensor, B: Tensor) -> float:
    K = A.shape[0]
    S = B.to(A.device) @ A.mT
    S = S / la.matrix_norm(S)
    S += 1 / K / (K - 1) ** 0.5
    S.diagonal().sub_(1 / (K - 1) ** 0.5)
    return la.matrix_norm(S).item()


def means_etf_error(M: Tensor, m_G: Tensor = 0) -> float:
    return frame_error(M - m_G, M - m_G)


def duality_error(W: Tensor, M: Tensor, m_G: Tensor = 0) -> float:
    return frame_error(M - m_G, W)
