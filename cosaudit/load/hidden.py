"""Hidden states a user gives to restrict where argmax / tie / pattern questions are asked.

`--space FILE`: a 2-D array of hidden states (one per row, the head's width d), as `.npy` or as
`.npz` with one array (or one named `hidden_states`). Read with numpy, never unpickled.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from cosaudit.errors import DataError, InputError
from cosaudit.load.tensors import load_numpy_tensors

HINT = "save the hidden states with numpy.save(path, H), H of shape (n, d), one state per row"


def read_hidden_states(path: Path, d: int, name: str = "hidden_states") -> np.ndarray:
    """The n × d hidden states in `path` (float64), checked against the head's width `d`.

    An `.npz` with several arrays gives the one called `name`."""
    path = Path(path)
    if not path.is_file():
        raise InputError(f"hidden states file {path} does not exist", hint=HINT)
    if path.suffix not in (".npy", ".npz"):
        raise InputError(f"hidden states file {path}: expected .npy or .npz", hint=HINT)
    tensors = load_numpy_tensors(path)
    if len(tensors) == 1:
        (reader,) = tensors.values()
    elif name in tensors:
        reader = tensors[name]
    else:
        raise InputError(
            f"hidden states file {path} holds {len(tensors)} arrays ({', '.join(sorted(tensors))}) "
            f"and none is named {name!r}",
            hint=HINT,
        )
    arr = np.asarray(reader.array)
    if arr.dtype.kind not in "fiu":
        raise DataError(f"hidden states in {path} are not numbers (dtype {arr.dtype})", hint=HINT)
    if arr.ndim == 1 and arr.size == d:
        arr = arr[None, :]
    if arr.ndim != 2 or arr.shape[1] != d:
        raise DataError(
            f"hidden states in {path} have shape {arr.shape}; the head needs rows of width {d}",
            hint=HINT,
        )
    out = np.asarray(arr, dtype=np.float64)
    if not np.isfinite(out).all():
        bad = np.flatnonzero(~np.isfinite(out).all(axis=1))
        raise DataError(
            f"hidden states in {path} have NaN/Inf in {bad.size} rows (first: {bad[:5].tolist()})",
            hint="drop those rows",
        )
    return out
