# Synthetic rewrite of the shape of matteo-bruni/regular-polytope-networks:prototypes.py at 4756e1c1a777297e0998a0cab481ca15c69ec58a (licence NOASSERTION); not the original text.
"""Vertex sets used as frozen class vectors of a classifier (regular polytopes)."""
import math

import numpy as np


def ring_vertices(n_cls=10):
    angles = 2.0 * math.pi * np.arange(n_cls) / n_cls
    return np.stack([np.cos(angles), np.sin(angles)], axis=1)


def cube_vertices(dim=4):
    n_cls = 2 ** dim
    signs = np.array([[1 if (k >> b) & 1 == 0 else -1 for b in range(dim)] for k in range(n_cls)])
    # unit length for every vertex
    return signs / np.linalg.norm(signs, axis=1, keepdims=True)


def cross_polytope(n_cls=10):
    dim = int(np.ceil(n_cls / 2))
    eye = np.eye(dim)
    return np.concatenate([eye, -eye], axis=0)


def dsimplex(n_cls=10):
    m = n_cls - 1
    pts = np.zeros((m, m + 1))
    pts[:, :m] = np.eye(m)
    pts[:, m] = (1.0 - math.sqrt(1.0 + m)) / m
    # move the centroid of the vertices to the origin
    pts -= pts.mean(axis=1, keepdims=True)
    # and give every vertex unit length
    pts /= np.linalg.norm(pts[:, 0])
    return pts.T


class FixedPolytopeHead:
    """Logits are x @ V.T with V one of the vertex sets above, never trained."""

    def __init__(self, kind="dsimplex", n_cls=10):
        table = {"dsimplex": dsimplex, "ring": ring_vertices, "cross": cross_polytope}
        self.V = table[kind](n_cls)

    def __call__(self, feats):
        return feats @ self.V.T
