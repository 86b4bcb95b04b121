"""The Python API: the CLI's questions as functions that return typed reports.

    import cosaudit
    r = cosaudit.inspect("fixtures/demo-lm", labels=["dog", "cat"])
    r.cosine, r.to_dict(), r          # numpy arrays, the CLI's JSON, the HTML report in Jupyter

The first argument is what to audit: a path or Hub id (exactly as the CLI's CHECKPOINT; None
means the CLI's default), an opened `Head`, or an object in memory (a numpy array or torch
tensor with rows = labels, a `transformers` model, a TransformerLens model), opened by
`cosaudit.load.live.open_object`. Keyword arguments carry the CLI's option names.

Errors are the `cosaudit.errors` classes the CLI turns into one line; nothing is printed. The
CLI passes a `Feedback` that prints notes and draws progress bars on stderr; by default notes
are kept on the report (`report.notes`) and there is no progress display.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cosaudit.errors import UsageError

if TYPE_CHECKING:
    from cosaudit.audit.reports import (
        ArgmaxReport,
        CheckReport,
        FlipReport,
        InspectReport,
        ModelReport,
        NeighboursReport,
        PatternsReport,
    )
    from cosaudit.load.head import Head, ResolvedLabel

from cosaudit.session import (  # noqa: E402  (Feedback and HeadOptions are part of the API)
    Feedback,
    HeadOptions,
    Ids,
    Labels,
    Recorder,
    as_list,
    begin,
    ignore_progress,
    is_checkpoint,
    is_head,
    open_model,
    options_from,
    resolve,
)

__all__ = ["Feedback", "HeadOptions", "argmax", "check", "flip", "inspect", "load", "neighbours", "patterns"]


def _in_range(name: str, value: int | None, lo: int, hi: int) -> None:
    """The ranges the CLI's options enforce, for the same keyword arguments."""
    if value is not None and not (lo <= int(value) <= hi):
        raise UsageError(f"{name}={value} is not in the range {lo}..{hi}", hint=f"give {name} between {lo} and {hi}")


def _done(report: ModelReport, rec: Recorder) -> Any:
    return report.with_notes(rec.notes)


# ----------------------------------------------------------------------------- the six questions


def load(model: Any = None, *, tensor: str | None = None, bias_tensor: str | None = None,
         labels_file: str | os.PathLike[str] | None = None, head: str = "auto", revision: str | None = None,
         tokenizer: Any = None, bias: Any = None) -> Head:
    """Open a head (weights are read on demand): what every other call does first."""
    return open_model(model, HeadOptions(tensor, bias_tensor, labels_file, head, revision, tokenizer, bias))


def inspect(model: Any = None, labels: Labels = None, *, ids: Ids = None, top_k: int = 5, pairs: int = 20000,
            sample_rows: int = 2048, tieable: bool | None = None, seed: int = 0,
            hidden: str | os.PathLike[str] | None = None,
            feedback: Feedback | None = None, **head_options: Any) -> InspectReport:
    """The chosen labels' cosines (raw, centered, dot), their nearest rows, vocabulary-wide
    figures, the equivalent −1/+1 models, and the verdict: what these cosines cannot tell.
    With hidden states (`hidden=` a .npy/.npz, or the checkpoint's own), each pair also gets its
    behavioural similarity (the same in every equivalent model).

    `head_options`: tensor, bias_tensor, labels_file, head, revision, tokenizer, bias."""
    from cosaudit.audit.inspect import run_inspect

    rec = Recorder(feedback)
    _in_range("top_k", top_k, 0, 1000)
    _in_range("pairs", pairs, 0, 10_000_000)
    _in_range("sample_rows", sample_rows, 2, 100_000)
    h = begin(model, options_from(head_options), rec)
    resolved = resolve(h, labels, ids, rec)
    pairs_behaviour = _behaviour(h, resolved, hidden)
    with rec.progress("reading the head", h.n_rows) as advance:
        report = run_inspect(h, resolved, top_k=top_k, seed=seed, n_pairs=pairs, sample_rows=sample_rows,
                             progress=advance, tieable=tieable)
    return _done(_with_behaviour(report, pairs_behaviour), rec)  # type: ignore[no-any-return]


def _behaviour(head: Head, resolved: list[ResolvedLabel], hidden: Any) -> list[dict[str, Any]]:
    """Each chosen pair's behavioural similarity when hidden states are at hand (else none);
    before any work, so a bad `hidden=` fails first."""
    from cosaudit.audit.similar import behaviour

    return behaviour(head, resolved, None if hidden is None else Path(hidden))


def _with_behaviour(report: Any, pairs: list[dict[str, Any]]) -> Any:
    from dataclasses import replace

    return replace(report, data={**report.data, "behaviour": pairs}) if pairs else report


def flip(model: Any = None, *pair: str, labels: Labels = None, ids: Ids = None, target: float | str | None = None,
         symmetry: str = "translate", save: str | os.PathLike[str] | None = None, dtype: str = "auto",
         probes: int | None = None, top_k: int = 5, seed: int = 0, force: bool = False,
         hidden: str | os.PathLike[str] | None = None,
         feedback: Feedback | None = None, **head_options: Any) -> FlipReport:
    """Equivalent models (the same probabilities for every input) where the pair's cosine is the
    target (−1 and +1 when `target` is None), verified on seeded probes in float64 and as stored.
    The pair: two labels (`flip(model, "dog", "cat")` or `labels=`) or `ids=`. `save=PATH` writes
    the model (one target) exactly as `--save`; `report.equivalent()` builds it in memory."""
    from cosaudit.audit.flip import check_flip_request, parse_target, run_flip
    from cosaudit.load.write import check_save_path, save_equivalent

    rec = Recorder(feedback)
    targets = parse_target(None if target is None else str(target))
    given = list(pair) + as_list(labels, str)
    id_list = as_list(ids, int)
    if len(given) + len(id_list) != 2:
        raise UsageError(f"flip needs exactly two labels, got {len(given) + len(id_list)}",
                         hint="pass --labels A B or --ids I J (two in all)")
    if save is not None and len(targets) != 1:
        raise UsageError("--save writes one model: give a single --target", hint="e.g. --target -1 --save PATH")
    if symmetry not in ("translate", "rescale"):
        raise UsageError(f"symmetry={symmetry!r} is not a symmetry", hint="choose translate or rescale")
    if dtype not in ("auto", "float32", "bfloat16", "float16"):
        raise UsageError(f"dtype={dtype!r} is not a storage dtype", hint="choose auto, float32, bfloat16 or float16")
    _in_range("probes", probes, 1, 1_000_000)
    _in_range("top_k", top_k, 0, 100)
    opts = options_from(head_options)
    if save is not None and not (is_checkpoint(model) or is_head(model)):
        raise UsageError("save= writes checkpoints read from disk; this input is an object in memory",
                         hint="build it with report.equivalent() and save it with its own library")
    h = begin(model, opts, rec)
    resolved = resolve(h, given, id_list, rec)
    save_path = None if save is None else Path(save)
    check_flip_request(resolved, targets, save_path)
    if save_path is not None:
        check_save_path(h, save_path, force=force)
        if h.complete is not None:  # a Hub model: --save writes every tensor, so it needs them all
            h.complete(rec.note)
    pairs_behaviour = _behaviour(h, resolved, hidden)  # before anything is saved: a bad hidden= fails first
    with rec.progress("reading the head", h.n_rows) as advance:
        report = run_flip(h, resolved, targets=targets, symmetry=symmetry, n_probes=probes, seed=seed,
                          top_k=top_k, save=save_path, dtype=dtype, force=force, progress=advance,
                          saver=save_equivalent)
    for m in report.data["models"]:
        if m.get("saved"):
            rec.note(f"wrote {m['saved']}")
    request = {"model": model, "labels": [r.label for r in resolved if r.how != "id"],
               "ids": [r.id for r in resolved if r.how == "id"], "symmetry": symmetry, "dtype": dtype,
               "probes": probes, "top_k": top_k, "seed": seed, **head_options}
    from dataclasses import replace

    return replace(_with_behaviour(report, pairs_behaviour), request=request, notes=tuple(rec.notes))


def _tracker(advance: Callable[[int], None]) -> Callable[[int, int, str], None]:
    """Turn a (done, total, stage) callback into bar steps (labels done)."""
    state = {"done": 0}

    def progress(done: int, total: int, stage: str) -> None:
        if done > state["done"]:
            advance(done - state["done"])
            state["done"] = done

    return progress


class _StageBars(contextlib.ExitStack):
    """A (done, total, stage) callback that shows each stage of a pass as a bar of its own,
    opened when the stage begins (a long single step, such as one exact LP, is then named)."""

    def __init__(self, feedback: Feedback, title: str) -> None:
        super().__init__()
        self.feedback, self.title = feedback, title
        self.stage: str | None = None
        self.bars: contextlib.ExitStack | None = None
        self.advance: Callable[[int], None] = ignore_progress
        self.done = 0

    def __enter__(self) -> _StageBars:
        super().__enter__()
        return self

    def __call__(self, done: int, total: int, stage: str) -> None:
        if stage != self.stage:
            if self.bars is not None:
                self.bars.close()
            self.bars = self.enter_context(contextlib.ExitStack())
            self.advance = self.bars.enter_context(self.feedback.progress(f"{self.title}: {stage}", total))
            self.stage, self.done = stage, 0
        if done > self.done:
            self.advance(done - self.done)
            self.done = done


def neighbours(model: Any = None, label: str | None = None, *, id: int | None = None, k: int = 10,  # noqa: A002
               space: str = "all", feedback: Feedback | None = None, **head_options: Any) -> NeighboursReport:
    """A label's top-k by raw cosine, by centered cosine, and its tie-able neighbours (labels that
    can share the top prediction with it), which are the same in every equivalent model."""
    from cosaudit.audit.identifiable import run_neighbours
    from cosaudit.audit.space import search_space

    rec = Recorder(feedback)
    if (label is None) == (id is None):
        raise UsageError("give exactly one of --label or --id", hint="e.g. --label dog")
    _in_range("k", k, 1, 1000)
    h = begin(model, options_from(head_options), rec)
    where = search_space(h, space)
    resolved = resolve(h, label, id, rec)
    with _StageBars(rec, "tie-able neighbours") as progress:
        report = run_neighbours(h, resolved[0], k=k, progress=progress, space=where)
    if report.interrupted:
        rec.note(f"interrupted: {len(report.data['tieable'])} tie-able neighbours found so far; the report keeps them")
    return _done(report, rec)  # type: ignore[no-any-return]


def argmax(model: Any = None, labels: Labels = None, *, ids: Ids = None, all: bool = False,  # noqa: A002
           space: str = "all", feedback: Feedback | None = None, **head_options: Any) -> ArgmaxReport:
    """Can each label be the top prediction for some hidden state? (`all=True`: every label.)
    Yes comes with a re-checked witness, no with an LP certificate."""
    from cosaudit.audit.identifiable import run_argmax
    from cosaudit.audit.space import search_space

    rec = Recorder(feedback)
    every = all
    label_list, id_list = as_list(labels, str), as_list(ids, int)
    if every and (label_list or id_list):
        raise UsageError("--all checks every label; do not combine it with --labels/--ids")
    if not every and not (label_list or id_list):
        raise UsageError("no labels to check", hint="pass --labels A B …, --ids N …, or --all")
    h = begin(model, options_from(head_options), rec)
    where = search_space(h, space)
    resolved = None if every else resolve(h, label_list, id_list, rec)
    total = h.n_rows if every else len({r.id for r in resolved or []})
    with rec.progress("argmaxable labels", total) as advance:
        report = run_argmax(h, resolved, progress=_tracker(advance), space=where)
    if not report.complete:
        rec.note(f"interrupted: {report.data['answered']} of {report.data['requested']} labels answered; "
                 "the report keeps them")
    return _done(report, rec)  # type: ignore[no-any-return]


def patterns(model: Any = None, labels: Labels = None, *, ids: Ids = None, seed: int = 0, space: str = "all",
             feedback: Feedback | None = None, **head_options: Any) -> PatternsReport:
    """The exact set of rankings (softmax) or label combinations (sigmoid) of 2–8 labels that some
    hidden state produces, each with a witness."""
    from cosaudit.audit.identifiable import run_patterns
    from cosaudit.audit.space import search_space

    rec = Recorder(feedback)
    label_list, id_list = as_list(labels, str), as_list(ids, int)
    if not (label_list or id_list):
        raise UsageError("no labels given", hint="pass --labels A B [C …] or --ids N N …")
    h = begin(model, options_from(head_options), rec)
    where = search_space(h, space)
    resolved = resolve(h, label_list, id_list, rec)
    if len({r.id for r in resolved}) != len(resolved):
        raise UsageError("a label is given twice (or two labels are the same row)", hint="give each label once")
    return _done(run_patterns(h, resolved, seed=seed, space=where), rec)  # type: ignore[no-any-return]


def check(paths: str | os.PathLike[str] | Sequence[str | os.PathLike[str]] | None = None, *,
          select: Sequence[str] = (), ignore: Sequence[str] = (), fail_on: str | None = None,
          config: str | os.PathLike[str] | None = None, baseline: str | os.PathLike[str] | None = None,
          text: str | bytes | None = None, filename: str | None = None,
          feedback: Feedback | None = None) -> CheckReport:
    """`cosaudit check`: code, notebooks and prose that read the similarity of label rows as a
    property of the model (a shared translation of the head moves it; see `cosaudit rules`).
    `paths` default to the current directory; `config` is a pyproject.toml (default: the nearest
    one at or above each file); `baseline` a file written by `--write-baseline`, whose findings
    are left out (the count is said as a note). `text` checks one document held in memory instead
    of files (a cell's source, standard input), named `filename` (default `snippet.py`): its suffix
    picks Python, notebook JSON, Markdown or LaTeX, its folder the configuration."""
    from cosaudit.audit.reports import CheckReport
    from cosaudit.lint.config import CheckConfig, Configs, load_config
    from cosaudit.lint.engine import check_paths, check_source
    from cosaudit.lint.registry import all_rules

    if fail_on is not None and fail_on not in ("info", "warning", "error"):
        raise UsageError(f"fail_on={fail_on!r} is not a severity", hint="choose info, warning or error")
    if isinstance(select, str) or isinstance(ignore, str):
        select, ignore = as_list(select, str), as_list(ignore, str)

    def overrides(cfg: CheckConfig) -> CheckConfig:
        return cfg.with_overrides(select=list(select), ignore=list(ignore), fail_on=fail_on)

    overrides(CheckConfig())  # bad select / ignore codes: an error before any work
    # each file gets the nearest pyproject.toml at or above it, unless one config is given
    cfg = Configs(overrides(load_config(Path(config)))) if config is not None else Configs(overrides=overrides)
    if text is None and filename is not None:
        raise UsageError("filename= names the text= to check", hint="pass text= too, or paths= for files")
    if text is not None:
        if paths is not None:
            raise UsageError("check takes paths= or text=, not both", hint="check the files and the text apart")
        data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
        result = check_source(data, filename or "snippet.py", cfg)
    else:
        targets = [os.fspath(p) for p in as_list(paths, (str, os.PathLike))] or ["."]  # type: ignore[arg-type]
        result = check_paths(targets, cfg)
    if baseline is not None:
        result = _without_baseline(result, Path(baseline), feedback or Feedback())
    return CheckReport(result, tuple(all_rules()))


def _without_baseline(result: Any, source: Path, fb: Feedback) -> Any:
    """The findings not recorded in the baseline file `source` (paths relative to its folder)."""
    from cosaudit.errors import InputError
    from cosaudit.lint import baseline

    try:
        text = source.read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot read the baseline {source} ({exc.strerror or exc})",
                         hint="write one first with `cosaudit check --write-baseline FILE`") from None
    known = baseline.parse(text, str(source))
    kept, hidden = baseline.subtract(result, known, Path.cwd(), source.resolve().parent)
    if hidden:
        fb.note(f"{hidden} finding(s) recorded in the baseline {source} not reported")
    return kept


# ----------------------------------------------------------------------------- equivalent objects


def _equivalent(report: FlipReport, target: float | None, *, save: Any = None, force: bool = False) -> Any:
    """`FlipReport.equivalent`: the model of `target` as a new object of the input's kind, or (with
    `save=`) written as `flip --save` writes it."""
    if not report.models:
        raise UsageError("no equivalent model was built: the pair's rows are identical "
                         "(cosine 1 in every equivalent model)")
    if target is None and len(report.models) > 1:
        raise UsageError("this report holds several models: choose one",
                         hint="equivalent(target=" + " or ".join(f"{m.target:+g}" for m in report.models) + ")")
    chosen = [m for m in report.models if target is None or m.target == float(target)]
    if not chosen:
        raise UsageError(f"no model for target {target}",
                         hint="targets built: " + ", ".join(f"{m.target:+g}" for m in report.models))
    m = chosen[0]
    model = report.request.get("model")
    if save is not None:
        again = {k: v for k, v in report.request.items() if k != "model"}
        flip(model, target=m.target, save=save, force=force, **again)
        return Path(save)
    if is_checkpoint(model):
        raise UsageError("the input is a checkpoint on disk: the equivalent model is written, not returned",
                         hint="call equivalent(save=PATH) (or `cosaudit flip --save PATH`)")
    from cosaudit.load.live import object_kind
    from cosaudit.load.live_equivalent import MODELS, equivalent_object

    assert report.head is not None  # every report with models knows its head
    new = equivalent_object(model, report.head, translation=m.translation, rescale=m.rescale)
    if object_kind(model) in MODELS:
        _forward_checked(report, model, new, m)
    return new


FORWARD_TOLERANCE = 2e-5  # max |Δp| allowed between the two models' next-token probabilities


def _forward_checked(report: FlipReport, model: Any, new: Any, m: Any) -> None:
    """A model is checked by its own forward pass on real token sequences: the same next-token
    probabilities (float tolerance), and the pair's cosine at the target (translation)."""
    from cosaudit.errors import DataError
    from cosaudit.load.live_equivalent import forward_check

    ids = [int(lab["id"]) for lab in report.data["labels"]]
    chk = forward_check(model, new, tokenizer=report.request.get("tokenizer"), ids_pair=(ids[0], ids[1]))
    cos = chk["pair"]["cosine_equivalent"]
    off_target = m.symmetry == "translate" and not abs(cos - m.target) <= 1e-4
    if not chk["max_abs_prob_diff"] <= FORWARD_TOLERANCE or off_target:
        raise DataError(
            f"the equivalent model's forward pass differs from the original's: max |Δp| "
            f"{chk['max_abs_prob_diff']:.2e} on {chk['inputs']}, pair cosine {cos:+.6f} (target {m.target:+g})",
            hint="please report it; the original model is unchanged",
        )
