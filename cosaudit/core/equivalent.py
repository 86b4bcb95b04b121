"""An equivalent model as a transform of the original head: a translation T (every row + c) or a
rescaling S (W → W·diag(e)⁻¹, final norm gain and shift × e), and its rows as stored in a dtype."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np

from cosaudit.core.rounding import _round32, bf16_from_rounded_f32, round_bf16_inplace, round_to_dtype


@dataclass(frozen=True)
class Equivalent:
    """An equivalent model as a transform of the original: T (c) or S (scale e)."""

    symmetry: Literal["translate", "rescale"]
    c: np.ndarray | None = None
    scale: np.ndarray | None = None

    def weight(self, w64: np.ndarray) -> np.ndarray:
        """Rows of the exact equivalent (float64 arithmetic)."""
        if self.symmetry == "translate":
            assert self.c is not None
            return np.asarray(w64 + self.c)
        assert self.scale is not None
        return np.asarray(w64 / self.scale)

    def gain(self, g64: np.ndarray | None) -> np.ndarray | None:
        """The final norm gain of the equivalent (γ⊙e under S, unchanged under T)."""
        if g64 is None or self.symmetry == "translate":
            return g64
        assert self.scale is not None
        return np.asarray(g64 * self.scale)

    def shift(self, s64: np.ndarray | None) -> np.ndarray | None:
        """The final norm shift of the equivalent (β⊙e under S, unchanged under T)."""
        if s64 is None or self.symmetry == "translate":
            return s64
        assert self.scale is not None
        return np.asarray(s64 * self.scale)

    def weight_into(self, w64: np.ndarray, out: np.ndarray) -> np.ndarray:
        """`weight` into a preallocated float64 buffer."""
        if self.symmetry == "translate":
            assert self.c is not None
            np.add(w64, self.c, out=out)
        else:
            assert self.scale is not None
            np.divide(w64, self.scale, out=out)
        return out

    def stored_rows_f32(
        self,
        w: np.ndarray,
        dtype: str,
        *,
        out: np.ndarray | None = None,
        scratch: np.ndarray | None = None,
        check_nan: bool = True,
    ) -> np.ndarray:
        """The stored rows as float32 values (exactly representable in `dtype`).

        ``check_nan=False``: the caller knows `w` is finite (bfloat16 rounding then skips a pass).
        """
        if out is None:
            out = np.empty(np.shape(w), dtype=np.float32)
        w32 = (
            w
            if (isinstance(w, np.ndarray) and w.dtype == np.float32)
            else np.asarray(w, dtype=np.float32)
        )
        if self.symmetry == "translate":
            assert self.c is not None
            np.add(w32, self._c32(), out=out)
        else:
            assert self.scale is not None
            np.multiply(w32, self._inv_e32(), out=out)
        if dtype == "bfloat16":
            round_bf16_inplace(out, scratch, check_nan=check_nan)
        elif dtype == "float16":
            out[...] = _round32(out, "float16")
        elif dtype != "float32":
            raise ValueError(f"unknown storage dtype {dtype!r}")
        return out

    def _c32(self) -> np.ndarray:
        assert self.c is not None
        cached = self.__dict__.get("_c32_cache")
        if cached is None:  # c rounded to float32 once (per model, not per block)
            cached = np.asarray(self.c, dtype=np.float64).astype(np.float32)
            object.__setattr__(self, "_c32_cache", cached)
        return cached

    def _inv_e32(self) -> np.ndarray:
        assert self.scale is not None
        cached = self.__dict__.get("_inv_e32_cache")
        if cached is None:
            cached = (1.0 / np.asarray(self.scale, dtype=np.float64)).astype(np.float32)
            object.__setattr__(self, "_inv_e32_cache", cached)
        return cached

    def stored_rows(self, w: np.ndarray, dtype: str) -> np.ndarray:
        """Rows of the equivalent as a writer stores them in `dtype`.

        float64: exact float64 arithmetic. Otherwise float32 arithmetic on the float32 rows
        (c, 1/e rounded to float32 once), then rounding to `dtype` (nearest, ties to even).
        The writer and the verifier both call this, so the verified model is the stored one.
        """
        if dtype == "float64":
            return self.weight(np.asarray(w, dtype=np.float64))
        x = self.stored_rows_f32(w, dtype)
        if dtype == "bfloat16":
            return bf16_from_rounded_f32(x)
        if dtype == "float16":
            return x.astype(np.float16)
        return x

    def stored_vector(
        self, values: np.ndarray, dtype: str, *, kind: str, offset: float = 0.0
    ) -> np.ndarray:
        """A norm gain (kind "gain", stored as γ − offset) or shift of the equivalent."""
        v64 = np.asarray(values, dtype=np.float64)
        new = self.gain(v64) if kind == "gain" else self.shift(v64)
        assert new is not None
        return round_to_dtype(new - offset, dtype)
