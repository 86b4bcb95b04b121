# Synthetic rewrite of the shape of JacksonKaunismaa/llm-feature-geometry:analysis/plots/geometry.py at 07e0c617b24fcdcacc407418f4394ee704f8b894 (licence MIT); not the original text.
"""Geometry of learned feature directions.

Each feature (e.g. 'is_python_code', 'is_french') has its own two-class sparse
probe per layer; the probe's single weight vector is stored as results['coef'].
"""
import einops
import numpy as np

from analysis import load_results


def direction_grams(results, subset=None, seed=0):
    """Unit-normalise every probe direction and form all cross-layer Gram matrices,
    together with a random baseline of matching global mean and spread."""
    if subset is None:
        dirs = load_results.stack_probe_dirs(results)          # (layers, feats, d)
        names = [f for group in results.values() for f in group]
    else:
        dirs = load_results.stack_probe_dirs(results[subset])
        names = list(results[subset])
    unit = dirs / np.linalg.norm(dirs, axis=-1, keepdims=True)
    gram = einops.einsum(unit, unit, "la fa k, lb fb k -> fa fb la lb")

    rng = np.random.default_rng(seed)
    noise = rng.normal(unit.mean(), unit.std(), size=unit.shape)
    noise /= np.linalg.norm(noise, axis=-1, keepdims=True)
    noise_gram = einops.einsum(noise, noise, "la fa k, lb fb k -> fa fb la lb")
    return gram, noise_gram, unit, names


def off_diagonal(gram, layer):
    g = gram[:, :, layer, layer]
    return g[~np.eye(len(g), dtype=bool)]


def summarise(results, layer, subset=None):
    gram, noise_gram, _, names = direction_grams(results, subset)
    real = off_diagonal(gram, layer)
    base = off_diagonal(noise_gram, layer)
    print(f"{len(names)} features, layer {layer}: "
          f"mean |cos| {np.abs(real).mean():.3f} vs random {np.abs(base).mean():.3f}")
    return real, base
