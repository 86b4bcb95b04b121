"""The model card of a checkpoint written by `flip --save`: what it is, how it was made, from what.

A saved equivalent model is a real checkpoint that other tools load, and it would otherwise carry
the original's README.md unchanged — claiming to be the original. `write_model_card` puts a
section at the top of the copied card (after its YAML front matter, which stays as it was), or
writes a card when the source had none: this model is an equivalent of SOURCE made by cosaudit
(symmetry, target, labels, version), from which commit and which head bytes (sha256), and its
cosines between label rows are not the original's. The original card follows unchanged.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import numpy as np

from cosaudit import __version__

CARD = "README.md"
MARKER = "<!-- cosaudit: equivalent model; this section was written by `cosaudit flip --save` -->"
_FRONT_MATTER = re.compile(r"\A---\r?\n.*?\r?\n---[ \t]*(\r?\n|\Z)", re.DOTALL)

HOW = {
    "translate": "every row of the output head moved by the same vector c (so every logit of an input "
    "shifts by the same c·h)",
    "rescale": "a positive per-dimension scale moved into the final norm's gain (and bias) and out of "
    "the head, W → W·diag(e)⁻¹ (every logit unchanged)",
}


def model_card_section(head: Any, *, symmetry: str, labels: list[dict[str, Any]], target: float,
                       dtype: str, head_sha256: str, eq: Any = None) -> str:
    """The section that says what this checkpoint is (Markdown, ends with a rule)."""
    names = " / ".join(f"{lab.get('label')!s} (row {lab.get('id')})" for lab in labels)
    before, after = _pair_cosines(head, labels, eq)
    cosines = (f"the pair {names} has cosine {after:+.3f} here and {before:+.3f} in the original"
               if before is not None and after is not None else f"the pair {names} was moved toward cosine {target:+g}")
    revision = getattr(head, "revision", None)
    commit = f"`{revision}`" if revision else "none (a local checkpoint: identified by the head's sha256 below)"
    rows = [
        ("source", f"`{head.source}`"),
        ("source commit", commit),
        ("source head", f"`{head.weight.name}`, sha256 `{head_sha256}` (its bytes as stored)"),
        ("made by", f"cosaudit {__version__}: `cosaudit flip --symmetry {symmetry} --target {target:+g} --save`"),
        ("how", HOW.get(symmetry, symmetry)),
        ("labels", names),
        ("target cosine", f"{target:+g}"),
        ("stored dtype", dtype),
    ]
    table = "\n".join(["| | |", "| --- | --- |", *(f"| {k} | {v} |" for k, v in rows)])
    return "\n".join([
        MARKER,
        "",
        "# An equivalent model made by cosaudit — not the original weights",
        "",
        f"This checkpoint is `{head.source}` with its output head{' and final norm' if symmetry == 'rescale' else ''} "
        "changed by cosaudit. It gives "
        "**the same probabilities for every input** as the original (verified by cosaudit on probe "
        f"inputs, up to rounding to {dtype}), but **its cosines between label rows are not the "
        f"original's**: {cosines}. It was made to show that such cosines are not a property of the "
        "model; do not study the original's label geometry with it.",
        "",
        table,
        "",
        "The same facts are in the `__metadata__` of every safetensors file written (`cosaudit.*` keys).",
        "",
        "---",
        "",
    ])


def _pair_cosines(head: Any, labels: list[dict[str, Any]], eq: Any) -> tuple[float | None, float | None]:
    """The pair's raw cosine in the original and in the written model (float64; None if undefined)."""
    if eq is None or len(labels) != 2:
        return None, None
    rows = np.asarray(head.rows([int(lab["id"]) for lab in labels]), dtype=np.float64)

    def cos(r: np.ndarray) -> float | None:
        n = float(np.linalg.norm(r[0]) * np.linalg.norm(r[1]))
        return float(r[0] @ r[1]) / n if n > 0 else None

    return cos(rows), cos(np.asarray(eq.weight(rows)))


def write_model_card(folder: Path, head: Any, **facts: Any) -> Path:
    """Put the section at the top of `folder`/README.md (after its front matter), or write the card.

    `folder` is the output being written (a temporary folder, renamed into place later); the
    input's card is never touched. `facts`: the keyword arguments of `model_card_section`."""
    path = Path(folder) / CARD
    section = model_card_section(head, **facts)
    original = path.read_text(encoding="utf-8") if path.is_file() else ""
    m = _FRONT_MATTER.match(original)
    front, body = (original[: m.end()], original[m.end():]) if m else ("", original)
    if not front and not body:
        front = _front_matter(head)
    if front and not front.endswith("\n"):
        front += "\n"
    text = front + ("\n" if front else "") + section + ("\n" + body.lstrip("\n") if body.strip() else "")
    if path.is_file():
        path.unlink()  # a copy in the output folder; never a hard link back to the input
    path.write_text(text, encoding="utf-8")
    return path


def _front_matter(head: Any) -> str:
    """Hub metadata for a new card: the source as `base_model` when it is a Hub repo."""
    lines = ["---", "tags:", "- cosaudit", "- equivalent-model"]
    if getattr(head, "kind", None) == "hub":
        lines.append(f"base_model: {json.dumps(str(head.source).split('@')[0])}")
    return "\n".join([*lines, "---", ""])
