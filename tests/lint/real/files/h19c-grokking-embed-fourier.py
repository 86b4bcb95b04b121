# Synthetic rewrite of the shape of VershitaX/mech-interp-lab:src/interp/fourier_analysis.py at 8c356422a83e8587c75498b00339f1cbc8f795b3 (licence MIT); not the original text.
"""Frequency-domain checks for a transformer trained on (a + b) mod p.

After grokking, such a model encodes each residue as an angle and adds angles with trig identities,
so its token embedding concentrates on a few Fourier frequencies.
"""
import numpy as np


def dft_basis(p: int):
    """Orthonormal real Fourier basis over p points: a constant row, then cos/sin rows per frequency."""
    xs = np.arange(p)
    rows, names = [np.full(p, 1 / np.sqrt(p))], ["const"]
    for k in range(1, p // 2 + 1):
        c = np.cos(2 * np.pi * k * xs / p)
        rows.append(c / np.linalg.norm(c))
        names.append(f"cos_{k}")
        if 2 * k != p:
            s = np.sin(2 * np.pi * k * xs / p)
            rows.append(s / np.linalg.norm(s))
            names.append(f"sin_{k}")
    return np.stack(rows), names


def embedding_spectrum(model, p: int):
    """Norm of the embedding's component along each basis row, over the p number tokens."""
    W_E = model.embed.W_E.detach().cpu().numpy()[:p]   # [p, d_model], '=' token dropped
    basis, names = dft_basis(p)
    energy = np.linalg.norm(basis @ W_E, axis=1)
    order = np.argsort(-energy)
    return [(names[i], float(energy[i])) for i in order]


def key_frequencies(model, p: int, k: int = 5):
    per_freq = {}
    for name, e in embedding_spectrum(model, p):
        if name == "const":
            continue
        f = int(name.split("_")[1])
        per_freq[f] = per_freq.get(f, 0.0) + e ** 2
    return sorted(per_freq.items(), key=lambda kv: -kv[1])[:k]
