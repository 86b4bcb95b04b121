"""cosaudit: audit what cosine similarity between label representations can and cannot tell.

A softmax head's rows (unembeddings) are only determined up to a shared translation (and, with a
final norm gain, a per-dimension rescaling), so the cosine between two rows is not a property of
the model. cosaudit measures, demonstrates and replaces such cosines with identifiable answers.

The Python API (the CLI's commands as functions returning typed reports)::

    import cosaudit
    r = cosaudit.inspect(model, labels=["dog", "cat"])   # a path, Hub id, array, tensor, live model
    f = cosaudit.flip(model, "dog", "cat", target=-1)
    cosaudit.neighbours(model, "dog", k=10).tieable
    cosaudit.argmax(model, labels=["the"]).not_argmaxable
    cosaudit.patterns(model, ["dog", "cat", "car"]).patterns
    cosaudit.check(["analysis.ipynb"]).findings
    cosaudit.similar(model, ["dog", "cat"], hidden="acts.npy")   # behaviour on data: identifiable

Everything is imported on first use: `import cosaudit` loads no numpy-heavy module, no torch,
scipy or matplotlib.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

# public name -> module that defines it (imported on first access)
_EXPORTS = {
    **{name: "cosaudit.api" for name in ("inspect", "flip", "neighbours", "argmax", "patterns", "check",
                                         "Feedback")},
    **{name: "cosaudit.audit.reports" for name in ("Report", "InspectReport", "FlipReport", "FlippedModel",
                                                   "NeighboursReport", "ArgmaxReport", "PatternsReport",
                                                   "CheckReport", "CosinePanel")},
    "Head": "cosaudit.load.head",
    "similar": "cosaudit.api_similar",
    "SimilarReport": "cosaudit.audit.similar",
    **{name: "cosaudit.errors" for name in ("CosauditError", "UsageError", "InputError", "CheckpointNotFoundError",
                                            "CheckpointFormatError", "UnsafeFormatError", "HeadNotFoundError",
                                            "LabelError", "DataError", "UnsupportedSymmetryError", "HubError",
                                            "OutputError", "ConfigError", "MissingExtraError")},
}
__all__ = [
    "__version__",
    "inspect", "flip", "neighbours", "argmax", "patterns", "check", "similar", "load", "Feedback", "Report",
    "SimilarReport",
    "InspectReport", "FlipReport", "FlippedModel", "NeighboursReport", "ArgmaxReport", "PatternsReport",
    "CheckReport", "CosinePanel", "Head", "CosauditError", "UsageError", "InputError",
    "CheckpointNotFoundError", "CheckpointFormatError", "UnsafeFormatError", "HeadNotFoundError",
    "LabelError", "DataError", "UnsupportedSymmetryError", "HubError", "OutputError", "ConfigError",
    "MissingExtraError",
]


def __getattr__(name: str) -> Any:
    if name == "load":  # the `cosaudit.load` package, callable as the API's `load` (open a head)
        return importlib.import_module("cosaudit.load")
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'cosaudit' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))


if TYPE_CHECKING:  # pragma: no cover - for type checkers and IDEs
    from cosaudit.api import Feedback, argmax, check, flip, inspect, load, neighbours, patterns
    from cosaudit.api_similar import similar
    from cosaudit.audit.reports import (
        ArgmaxReport,
        CheckReport,
        CosinePanel,
        FlippedModel,
        FlipReport,
        InspectReport,
        NeighboursReport,
        PatternsReport,
        Report,
    )
    from cosaudit.audit.similar import SimilarReport
    from cosaudit.errors import (
        CheckpointFormatError,
        CheckpointNotFoundError,
        ConfigError,
        CosauditError,
        DataError,
        HeadNotFoundError,
        HubError,
        InputError,
        LabelError,
        MissingExtraError,
        OutputError,
        UnsafeFormatError,
        UnsupportedSymmetryError,
        UsageError,
    )
    from cosaudit.load.head import Head
