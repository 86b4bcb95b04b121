"""Baselines: record today's findings, and later report only the new ones.

A finding is fingerprinted by its rule, its file (relative to the baseline file's folder, so the
baseline works from any working directory) and a hash of the offending line's text with
whitespace collapsed — not its line number, so findings survive lines added or removed above
them. The same fingerprint may occur several times; the baseline keeps the count, and a later
run hides at most that many. Pure data in and out: reading and writing the file is the CLI's.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

from cosaudit.errors import InputError
from cosaudit.lint.model import CheckResult, Finding

SCHEMA = "cosaudit.baseline/1"
Key = tuple[str, str, str]  # (code, path, hash)


def _hash(snippet: str) -> str:
    return hashlib.sha256(" ".join(snippet.split()).encode("utf-8")).hexdigest()[:16]


def _relative(path: str, cwd: Path, base: Path) -> str:
    absolute = Path(os.path.abspath(cwd / path))
    try:
        return Path(os.path.relpath(absolute, base)).as_posix()
    except ValueError:  # another drive (Windows)
        return absolute.as_posix()


def fingerprint(f: Finding, cwd: Path, base: Path) -> Key:
    return (f.code, _relative(f.path, cwd, base), _hash(f.snippet))


def render(result: CheckResult, cwd: Path, base: Path) -> str:
    """The baseline file for every finding of `result` (JSON, sorted, stable)."""
    counts = Counter(fingerprint(f, cwd, base) for f in result.findings)
    rows = [{"code": c, "path": p, "hash": h, "count": n} for (c, p, h), n in sorted(counts.items())]
    return json.dumps({"schema": SCHEMA, "findings": rows}, indent=2, sort_keys=True) + "\n"


def parse(text: str, where: str) -> Counter[Key]:
    """The fingerprints of a baseline file; InputError (exit 2) names what is wrong."""
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(
            f"baseline {where} is not valid JSON (line {exc.lineno}: {exc.msg})",
            hint="write it again with `cosaudit check --write-baseline FILE`",
        ) from None
    if not isinstance(data, dict) or data.get("schema") != SCHEMA or not isinstance(data.get("findings"), list):
        raise InputError(
            f"baseline {where} is not a cosaudit baseline (schema {SCHEMA!r} expected)",
            hint="write one with `cosaudit check --write-baseline FILE`",
        )
    out: Counter[Key] = Counter()
    for i, row in enumerate(data["findings"]):
        try:
            key = (str(row["code"]), str(row["path"]), str(row["hash"]))
            out[key] += int(row.get("count", 1))
        except (TypeError, KeyError, ValueError):
            raise InputError(
                f"baseline {where}: entry {i} needs code, path, hash and count", hint="write it again"
            ) from None
    return out


def subtract(result: CheckResult, known: Counter[Key], cwd: Path, base: Path) -> tuple[CheckResult, int]:
    """`result` without the findings recorded in the baseline, and how many were left out."""
    left = Counter(known)
    kept: list[Finding] = []
    for f in result.findings:
        key = fingerprint(f, cwd, base)
        if left[key] > 0:
            left[key] -= 1
        else:
            kept.append(f)
    return replace(result, findings=kept), len(result.findings) - len(kept)
