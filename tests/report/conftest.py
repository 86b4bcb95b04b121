"""Real reports of the demo model (built once per session) for the renderer tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

DEMO = Path(__file__).resolve().parents[2] / "fixtures" / "demo-lm"


def _head_and_labels(names: list[str]) -> tuple[Any, Any]:
    from cosaudit.load import open_head, resolve_labels

    head = open_head(str(DEMO))
    labels, _warnings = resolve_labels(head, names, [])
    return head, labels


@pytest.fixture(scope="session")
def inspect_report() -> Any:
    from cosaudit.audit.inspect import run_inspect

    head, labels = _head_and_labels(["dog", "cat", "horse", "car"])
    return run_inspect(head, labels, n_pairs=3000, seed=0)


@pytest.fixture(scope="session")
def flip_report() -> Any:
    from cosaudit.audit.flip import run_flip

    head, labels = _head_and_labels(["dog", "cat"])
    return run_flip(head, labels, targets=[-1.0, 1.0], n_probes=200, seed=0)


@pytest.fixture(scope="session")
def rescale_report() -> Any:
    from cosaudit.audit.flip import run_flip

    head, labels = _head_and_labels(["dog", "cat"])
    return run_flip(head, labels, targets=[-0.5], symmetry="rescale", n_probes=100, seed=0)


@pytest.fixture
def neighbours_report() -> Any:
    """A neighbours report shaped as issue 4 specifies (cosaudit.neighbours/1)."""
    from cosaudit.audit.reports import NeighboursReport

    return NeighboursReport({
        "schema": "cosaudit.neighbours/1",
        "label": {"label": "dog", "id": 78, "token": "dog"},
        "cosine": [
            {"label": "small", "id": 1, "cosine": 0.72},
            {"label": "owl", "id": 2, "cosine": 0.62},
            {"label": "cat", "id": 3, "cosine": 0.57},
        ],
        "centered_cosine": [
            {"label": "small", "id": 1, "cosine": 0.70},
            {"label": "pig", "id": 4, "cosine": 0.57},
        ],
        "tieable": [
            {"label": "cat", "id": 3, "margin": 0.9},
            {"label": "car", "id": 5, "margin": 0.4},
            {"label": "red", "id": 6, "margin": 0.1},
        ],
    })
