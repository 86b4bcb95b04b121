"""Limit OpenBLAS threads around many small matrix products (no dependency beyond ctypes).

Skinny products (a few hundred rows against ~16 probe vectors) are slowed two- to four-fold by
OpenBLAS's own threads, the more so when other processes share the cores: each call wakes and
synchronises its workers. Code that runs many such products in its own worker threads asks
OpenBLAS for one thread per call while it does. Where the library or its entry point cannot be
found (another BLAS, a future numpy), this does nothing.
"""

from __future__ import annotations

import contextlib
import ctypes
import glob
import os
import threading
from collections.abc import Iterator
from typing import Any

_lock = threading.Lock()
_depth = 0
_saved: int | None = None
_api: tuple[Any, Any] | None | bool = False  # False: not looked up yet; None: unavailable


def _lookup() -> tuple[Any, Any] | None:
    global _api
    if _api is False:
        _api = None
        try:
            import numpy as np

            base = os.path.join(os.path.dirname(np.__file__), "..", "numpy.libs")
            for path in sorted(glob.glob(os.path.join(base, "*openblas*"))):
                lib = ctypes.CDLL(path)
                for get_name, set_name in (
                    ("scipy_openblas_get_num_threads64_", "scipy_openblas_set_num_threads64_"),
                    ("openblas_get_num_threads64_", "openblas_set_num_threads64_"),
                    ("openblas_get_num_threads", "openblas_set_num_threads"),
                ):
                    if hasattr(lib, get_name) and hasattr(lib, set_name):
                        _api = (getattr(lib, get_name), getattr(lib, set_name))
                        break
                if _api:
                    break
        except OSError:
            _api = None
    return _api if isinstance(_api, tuple) else None


@contextlib.contextmanager
def blas_threads(n: int) -> Iterator[None]:
    """Run the block with OpenBLAS limited to `n` threads (re-entrant; restored afterwards)."""
    global _depth, _saved
    api = _lookup()
    if api is None:
        yield
        return
    get, set_ = api
    with _lock:
        if _depth == 0:
            _saved = int(get())
            set_(int(n))
        _depth += 1
    try:
        yield
    finally:
        with _lock:
            _depth -= 1
            if _depth == 0 and _saved is not None:
                set_(_saved)
