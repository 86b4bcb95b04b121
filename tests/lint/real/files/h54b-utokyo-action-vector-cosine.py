# Synthetic rewrite of the shape of Dio990521/utokyo_master_project:envs/tools.py at 0422d9e8b4189533819b4e41d4c70667f2745224 (licence NOASSERTION); not the original text.
"""Discrete action table for a drawing agent and a helper to compare moves."""
from itertools import product

import numpy as np

STEPS = (-1, 0, 1)
PEN = (0, 1)

ACTIONS_3D = [a for a in product(STEPS, STEPS, STEPS, PEN) if any(a)]
ACTIONS_2D = [a for a in product(STEPS, STEPS, PEN) if any(a)]


def decode_action(space, index):
    """Map a categorical action index to its (dx, dy[, dz], pen) tuple."""
    table = {"2d": ACTIONS_2D, "3d": ACTIONS_3D}.get(space)
    return None if table is None else table[index]


def move_similarity(first, second):
    """Cosine between two movement tuples (0 when either is the zero move)."""
    a = np.asarray(first, dtype=float)
    b = np.asarray(second, dtype=float)
    na, nb = np.linalg.norm(a), np.linalg.norm(b)
    if na == 0 or nb == 0:
        return 0.0
    return float(a @ b / (na * nb))
