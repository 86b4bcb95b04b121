# Synthetic rewrite of the shape of atgugu/grokking_experiments:scripts/analyze_superposition.py at 9c9a3261e832ffab07f971408b71f1046f96d6c9 (licence MIT); not the original text.
"""Modular-addition transformer: how do the key Fourier frequencies share the
embedding space, and how does the summed OV circuit (read out through the
unembedding) couple frequencies?"""
import numpy as np
import scipy.linalg


def dft(p: int) -> np.ndarray:
    k = np.arange(p)
    return np.exp(-2j * np.pi * np.outer(k, k) / p) / np.sqrt(p)


def freq_planes(E_hat: np.ndarray, freqs) -> dict:
    planes = {}
    for f in freqs:
        pair = np.column_stack([E_hat[f].real, E_hat[f].imag])
        q, _ = np.linalg.qr(pair)
        planes[f] = q[:, :2]
    return planes


def plane_overlap(planes: dict, freqs) -> np.ndarray:
    m = np.eye(len(freqs))
    for a, fa in enumerate(freqs):
        for b, fb in enumerate(freqs):
            if a != b:
                m[a, b] = np.cos(scipy.linalg.subspace_angles(planes[fa], planes[fb])).max()
    return m


def ov_readout_in_fourier(model, heads, p: int) -> np.ndarray:
    embed = model.W_E.weight.detach().cpu().numpy()      # (p+1, d_model)
    unembed = model.W_U.weight.detach().cpu().numpy()    # (p, d_model)
    ov = sum(h["W_OV"] for h in heads)
    path = unembed @ ov @ embed[:p].T                     # answer-by-input map through all heads
    F = dft(p)
    return np.abs(F @ path @ F.conj().T) ** 2
