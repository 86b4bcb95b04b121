"""Nearest rows by cosine in the original and in equivalent models, from one pass over the rows."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from cosaudit.core.equivalent import Equivalent


@dataclass(frozen=True)
class ModelNeighbours:
    """Top-k rows by cosine with each query row, in one model (ids, cosines per query)."""

    ids: tuple[np.ndarray, ...]
    cosines: tuple[np.ndarray, ...]


class NeighbourPlan:
    """The vectors whose dot products with every row give each model's cosines with the queries.

    Under T, (w + c)·(q + c) = w·q + w·c + c·(q + c) and |w + c|² = |w|² + 2 w·c + |c|²; under S,
    (w/e)·(q/e) = w·(q/e²) and |w/e|² = (w⊙w)·(1/e²). So one pass over the rows computing
    ``rows @ columns`` (and ``(rows⊙rows) @ square_columns`` for S) and |w|² serves the original
    and every equivalent model; no translated or rescaled matrix is formed.
    """

    def __init__(self, queries: np.ndarray, models: Sequence[Equivalent | None]):
        q = np.asarray(queries, dtype=np.float64)
        self.q = q
        self.nq, d = q.shape
        cols: list[np.ndarray] = list(q)  # w·q, shared by the original and every T model
        sq_cols: list[np.ndarray] = []
        self.plans: list[tuple[str, Any]] = []
        for m in models:
            if m is None:
                self.plans.append(("orig", None))
            elif m.symmetry == "translate":
                assert m.c is not None
                c = np.asarray(m.c, dtype=np.float64)
                self.plans.append(("translate", (len(cols), c)))
                cols.append(c)
            else:
                assert m.scale is not None
                e = np.asarray(m.scale, dtype=np.float64)
                inv2 = 1.0 / (e * e)
                self.plans.append(("rescale", (len(cols), len(sq_cols), q / e)))
                cols.extend(q * inv2)
                sq_cols.append(inv2)
        self.columns = np.stack(cols, axis=1) if cols else np.empty((d, 0))
        self.square_columns = np.stack(sq_cols, axis=1) if sq_cols else None

    def result(
        self,
        query_ids: Sequence[int],
        k: int,
        products: np.ndarray,
        sq: np.ndarray,
        square_products: np.ndarray | None = None,
        *,
        n_valid: int | None = None,
    ) -> list[ModelNeighbours]:
        """Each model's top-k rows by cosine with each query, from the products of every row.

        `sq`: |w|² of every row (non-finite for rows with NaN/Inf). Rows past n_valid (padding),
        non-finite and zero rows and the query itself are left out.
        """
        v = products.shape[0]
        n_valid = v if n_valid is None else min(v, n_valid)
        k = max(0, min(k, n_valid - 1))
        sq = np.asarray(sq, dtype=np.float64)
        excluded = ~np.isfinite(sq)
        excluded[n_valid:] = True
        base = products[:, : self.nq]
        out = []
        for kind, extra in self.plans:
            with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
                if kind == "orig":
                    dots = base
                    norms = np.sqrt(sq)
                    qn = np.linalg.norm(self.q, axis=1)
                elif kind == "translate":
                    col, c = extra
                    qs = self.q + c
                    dots = base + products[:, col][:, None] + (c @ qs.T)[None, :]
                    norms = np.sqrt(np.maximum(sq + 2.0 * products[:, col] + float(c @ c), 0.0))
                    qn = np.linalg.norm(qs, axis=1)
                else:
                    col, sqi, qe = extra
                    assert square_products is not None
                    dots = products[:, col : col + self.nq]
                    norms = np.sqrt(np.maximum(square_products[:, sqi], 0.0))
                    qn = np.linalg.norm(qe, axis=1)
                cos = dots / (norms[:, None] * qn[None, :])
            bad = excluded | (norms == 0)
            ids_t, cos_t = [], []
            for qi, rid in enumerate(query_ids):
                col_cos = np.where(bad | ~np.isfinite(cos[:, qi]), -np.inf, cos[:, qi])
                if 0 <= rid < v:
                    col_cos[rid] = -np.inf
                take = min(k, int(np.count_nonzero(np.isfinite(col_cos))))
                if take <= 0:
                    ids_t.append(np.empty(0, dtype=np.int64))
                    cos_t.append(np.empty(0, dtype=np.float64))
                    continue
                part = np.argpartition(-col_cos, take - 1)[:take]
                order = np.lexsort((part, -col_cos[part]))
                ids = part[order].astype(np.int64)
                ids_t.append(ids)
                cos_t.append(np.clip(col_cos[ids], -1.0, 1.0))
            out.append(ModelNeighbours(tuple(ids_t), tuple(cos_t)))
        return out
