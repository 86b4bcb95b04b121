"""The typed results of every command: one class per report, shared by the CLI and the Python API.

A model report holds `data`, the report's content exactly as `--format json` prints it (the
schema `cosaudit.<command>/1`), the arrays its figures draw (as typed fields, never in the
JSON), and `notes`: what the CLI says on stderr (the default checkpoint, which token a word
became). Numbers a notebook wants come out as numpy arrays (`r.cosine`, `a.not_argmaxable` …).

Every report renders itself through `cosaudit.report.render` (text, JSON, Markdown, HTML);
`_repr_html_` is the same self-contained HTML as `--format html`.
"""

from __future__ import annotations

import copy
import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

if TYPE_CHECKING:
    from cosaudit.lint.model import CheckResult, Finding
    from cosaudit.lint.registry import Rule
    from cosaudit.lint.statistics import RuleCount
    from cosaudit.load.head import Head
    from cosaudit.report.render import ReportRenderer


def _floats(m: Any) -> np.ndarray:
    """JSON numbers (null = undefined) as a float64 array with NaN for null."""
    return np.array([[np.nan if x is None else x for x in row] for row in m], dtype=np.float64).reshape(
        len(m), len(m[0]) if len(m) else 0
    )


@dataclass(frozen=True, eq=False)  # numpy fields: compare them with numpy
class CosinePanel:
    """One cosine matrix of a figure: a title and the matrix (NaN where undefined)."""

    title: str
    matrix: np.ndarray


@dataclass(frozen=True, repr=False, eq=False)
class Report(ABC):
    """What every report can do: render itself in each format, and say what it is in one line."""

    command: ClassVar[str] = ""

    @abstractmethod
    def renderer(self) -> ReportRenderer:
        """The renderer of this report's command (one per format)."""

    def to_dict(self) -> dict[str, Any]:
        """Exactly what `cosaudit <command> --format json` prints, as Python objects."""
        return json.loads(self.to_json())  # type: ignore[no-any-return]

    def to_json(self) -> str:
        return self._render("json")

    def to_text(self, *, color: bool = False) -> str:
        return self._render("text", color=color)

    def to_markdown(self) -> str:
        return self._render("md")

    def to_html(self) -> str:
        """One self-contained HTML document (figures embedded; needs matplotlib)."""
        return self._render("html")

    def _repr_html_(self) -> str:
        """Jupyter's view: the HTML report (without its figures when matplotlib is missing)."""
        from cosaudit.errors import MissingExtraError

        try:
            return self.to_html()
        except MissingExtraError:
            from cosaudit.report.html import render_html

            return render_html(self, figures=[], pngs=[])

    def _render(self, fmt: str, *, color: bool = False) -> str:
        from cosaudit.report.render import ReportFormat, render

        return render(self, ReportFormat(fmt), color=color)

    @abstractmethod
    def summary(self) -> str:
        """What the report found, in one line."""

    @property
    def schema(self) -> str:
        return f"cosaudit.{self.command}/1"

    def __repr__(self) -> str:
        return f"<{type(self).__name__}: {self.summary()}>"


@dataclass(frozen=True, repr=False, eq=False)
class ModelReport(Report):
    """A report on one head: its JSON content `data`, and the CLI's stderr `notes`."""

    data: dict[str, Any]
    notes: tuple[str, ...] = ()

    def with_notes(self, notes: Sequence[str]) -> ModelReport:
        return replace(self, notes=tuple(notes))

    @property
    def schema(self) -> str:
        return str(self.data["schema"])

    @property
    def checkpoint(self) -> dict[str, Any]:
        return copy.deepcopy(dict(self.data["checkpoint"]))

    def _source(self) -> str:
        ck = self.data.get("checkpoint") or {}
        shape = ck.get("shape") or ["?", "?"]
        return f"{ck.get('source', '?')} ({shape[0]} × {shape[1]})"


# ----------------------------------------------------------------------------- inspect


@dataclass(frozen=True, repr=False, eq=False)
class InspectReport(ModelReport):
    """`cosaudit inspect`: the chosen labels' cosines, and what they cannot tell."""

    command: ClassVar[str] = "inspect"
    samples_raw: np.ndarray = field(default_factory=lambda: np.empty(0))  # sampled pairs (figure)
    samples_centered: np.ndarray = field(default_factory=lambda: np.empty(0))
    equivalent_matrices: tuple[CosinePanel, ...] = ()  # the chosen labels in the −1/+1 models

    def renderer(self) -> ReportRenderer:
        from cosaudit.report.inspect import RENDERER

        return RENDERER

    @property
    def labels(self) -> list[str]:
        return [str(lab["label"]) for lab in self.data["labels"]]

    @property
    def ids(self) -> np.ndarray:
        return np.array([int(lab["id"]) for lab in self.data["labels"]], dtype=np.int64)

    @property
    def cosine(self) -> np.ndarray:
        return _floats(self.data["cosine"])

    @property
    def centered_cosine(self) -> np.ndarray:
        return _floats(self.data["centered_cosine"])

    @property
    def dot(self) -> np.ndarray:
        return _floats(self.data["dot"])

    @property
    def identifiable(self) -> bool:
        return bool(self.data["identifiable"])

    @property
    def verdict(self) -> str:
        """The verdict's headline sentence (the reasons are in `data['verdict']`)."""
        return str(self.data["verdict"]["headline"])

    @property
    def warnings(self) -> list[str]:
        return list(self.data["warnings"])

    def summary(self) -> str:
        return f"{self._source()}, labels {self.labels}: {self.verdict}"


# ----------------------------------------------------------------------------- flip


@dataclass(frozen=True, eq=False)  # numpy fields: compare them with numpy
class FlippedModel:
    """One equivalent model of a flip: its target, how it was built, and its verification."""

    target: float
    symmetry: str
    translation: np.ndarray | None  # c, added to every row (translate)
    rescale: np.ndarray | None  # e: W → W·diag(e)⁻¹, gain and bias × e (rescale)
    cosine: float | None
    centered_cosine: float | None
    max_abs_prob_diff: float | None
    max_abs_logprob_diff: float | None
    argmax_agree: bool | None
    stored_dtype: str
    stored_max_abs_prob_diff: float | None
    stored_max_abs_logprob_diff: float | None
    stored_argmax_agree: bool | None
    abs_prob_diff: np.ndarray | None = None  # per probe, float64 (figure)
    stored_abs_prob_diff: np.ndarray | None = None  # per probe, as stored (figure)


@dataclass(frozen=True, repr=False, eq=False)
class FlipReport(ModelReport):
    """`cosaudit flip`: equivalent models with another cosine for the pair, verified."""

    command: ClassVar[str] = "flip"
    models: tuple[FlippedModel, ...] = ()
    matrices: tuple[CosinePanel, ...] = ()  # the pair and a few neighbours in every model (figure)
    matrix_names: tuple[str, ...] = ()
    matrix_ids: tuple[int, ...] = ()
    rounding_level: float | None = None  # unit roundoff of the storage dtype (figure)
    # how the report was asked for, to build the equivalent object later (`equivalent`)
    request: Mapping[str, Any] = field(default_factory=dict)
    head: Head | None = None

    def renderer(self) -> ReportRenderer:
        from cosaudit.report.flip import RENDERER

        return RENDERER

    @property
    def original_cosine(self) -> float | None:
        x = self.data["original"]["cosine"]
        return None if x is None else float(x)

    @property
    def cosine(self) -> float | np.ndarray | None:
        """The pair's cosine in the equivalent model (one target), or one per model (several)."""
        if len(self.models) == 1:
            return self.models[0].cosine
        if not self.models:
            return self.original_cosine  # identical rows: cosine 1 in every equivalent model
        return np.array([np.nan if m.cosine is None else m.cosine for m in self.models])

    @property
    def verification(self) -> list[dict[str, Any]]:
        """Per model: max |Δp|, max |Δ log p|, argmax agreement, in float64 and as stored."""
        keys = ("target", "max_abs_prob_diff", "max_abs_logprob_diff", "argmax_agree", "stored_dtype",
                "stored_max_abs_prob_diff", "stored_max_abs_logprob_diff", "stored_argmax_agree")
        return [{k: getattr(m, k) for k in keys} for m in self.models]

    def equivalent(self, target: float | None = None, *, save: Any = None, force: bool = False) -> Any:
        """The equivalent model for `target` (default: the only one built) as a new object of the
        input's own kind; the input is never modified. For a checkpoint on disk, `save=PATH`
        writes it exactly as `cosaudit flip --save PATH` does and returns the path."""
        from cosaudit.api import _equivalent

        return _equivalent(self, target, save=save, force=force)

    def summary(self) -> str:
        names = [str(lab["label"]) for lab in self.data["labels"]]
        after = ", ".join(f"{m.target:+g} → {'n/a' if m.cosine is None else f'{m.cosine:+.3f}'}"
                          for m in self.models)
        orig = self.original_cosine
        return (f"{self._source()}, {names[0]!r}/{names[1]!r}: cosine "
                f"{'n/a' if orig is None else f'{orig:+.3f}'}; {after or 'no model built'}")


# ----------------------------------------------------------------------------- identifiable


def _ids(entries: Sequence[Mapping[str, Any]]) -> np.ndarray:
    return np.array([int(e["id"]) for e in entries], dtype=np.int64)


@dataclass(frozen=True, repr=False, eq=False)
class NeighboursReport(ModelReport):
    """`cosaudit neighbours`: a label's nearest rows by cosine beside its tie-able neighbours."""

    command: ClassVar[str] = "neighbours"

    def renderer(self) -> ReportRenderer:
        from cosaudit.report.identifiable import NEIGHBOURS

        return NEIGHBOURS

    @property
    def label(self) -> str:
        return str(self.data["label"]["label"])

    @property
    def tieable(self) -> np.ndarray:
        """Row ids of the tie-able neighbours found, by witness margin."""
        return _ids(self.data["tieable"])

    @property
    def tieable_labels(self) -> list[str]:
        return [str(e["label"]) for e in self.data["tieable"]]

    @property
    def by_cosine(self) -> np.ndarray:
        return _ids(self.data["cosine"])

    @property
    def by_centered_cosine(self) -> np.ndarray:
        return _ids(self.data["centered_cosine"])

    @property
    def interrupted(self) -> bool:
        """The tie-able search was stopped early (Ctrl-C): the report holds what was found so far."""
        return bool(self.data["tieable_search"].get("interrupted"))

    def summary(self) -> str:
        return f"{self._source()}, {self.label!r}: {len(self.data['tieable'])} tie-able neighbours"


@dataclass(frozen=True, repr=False, eq=False)
class ArgmaxReport(ModelReport):
    """`cosaudit argmax`: which labels can be the top prediction at all."""

    command: ClassVar[str] = "argmax"

    def renderer(self) -> ReportRenderer:
        from cosaudit.report.identifiable import ARGMAX

        return ARGMAX

    @property
    def ids(self) -> np.ndarray:
        return _ids(self.data["labels"])

    @property
    def argmaxable(self) -> np.ndarray:
        """One bool per answered label (in the order of `ids`)."""
        return np.array([bool(e["argmaxable"]) for e in self.data["labels"]], dtype=bool)

    @property
    def not_argmaxable(self) -> np.ndarray:
        """Row ids of the labels that can never be the top prediction."""
        return np.array(self.data["not_argmaxable"], dtype=np.int64)

    @property
    def complete(self) -> bool:
        return bool(self.data["complete"])

    def summary(self) -> str:
        return (f"{self._source()}: {len(self.data['not_argmaxable'])} of {self.data['answered']} labels "
                "can never be the top prediction")


@dataclass(frozen=True, repr=False, eq=False)
class PatternsReport(ModelReport):
    """`cosaudit patterns`: the feasible rankings (softmax) or sign vectors (sigmoid)."""

    command: ClassVar[str] = "patterns"

    def renderer(self) -> ReportRenderer:
        from cosaudit.report.identifiable import PATTERNS

        return PATTERNS

    @property
    def patterns(self) -> np.ndarray:
        """One row per feasible pattern: row ids most likely first (rankings) or ±1 (sign vectors)."""
        pats = self.data["patterns"]
        return np.array(pats, dtype=np.int64).reshape(len(pats), len(self.data["labels"]))

    @property
    def count(self) -> int:
        return int(self.data["count"])

    @property
    def possible(self) -> int:
        return int(self.data["possible"])

    def summary(self) -> str:
        return f"{self._source()}: {self.count} of {self.possible} {self.data['kind']} possible"


# ----------------------------------------------------------------------------- paper


@dataclass(frozen=True, repr=False, eq=False)
class PaperReport(ModelReport):
    """`cosaudit paper`: the papers' worked examples recomputed; `arrays` feed the figures."""

    command: ClassVar[str] = "paper"
    arrays: Mapping[str, Any] = field(default_factory=dict)

    def renderer(self) -> ReportRenderer:
        from cosaudit.report.paper import RENDERER

        return RENDERER

    @property
    def agree(self) -> bool:
        return bool(self.data["agree"])

    def summary(self) -> str:
        return f"{len(self.data['checks'])} numbers recomputed, {self.data['n_failed']} disagree"


# ----------------------------------------------------------------------------- check


@dataclass(frozen=True, repr=False, eq=False)
class CheckReport(Report):
    """`cosaudit check`: findings in code, notebooks and prose."""

    command: ClassVar[str] = "check"
    result: CheckResult
    rules: tuple[Rule, ...]

    def renderer(self) -> ReportRenderer:
        from cosaudit.report.lint.typed import RENDERER

        return RENDERER

    @property
    def findings(self) -> list[Finding]:
        return list(self.result.findings)

    @property
    def failing(self) -> list[Finding]:
        """The findings at or above `fail_on` (these make `cosaudit check` exit 1)."""
        return list(self.result.failing())

    def statistics(self) -> list[RuleCount]:
        """How many findings each rule has (a rule at two severities counts apart), and in how many
        files, most first (`cosaudit check --statistics`)."""
        from cosaudit.lint.statistics import rule_counts

        return rule_counts(self.result, list(self.rules))

    def summary(self) -> str:
        return (f"{len(self.result.findings)} finding(s) in {self.result.files_scanned} file(s), "
                f"{len(self.result.failing())} at or above fail-on={self.result.fail_on.value}")
