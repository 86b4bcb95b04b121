"""Today's engine on the real-world corpus (tests/lint/real): the dev split meets the goal.

Only the dev split is asserted here: the heldout split is scored once, by
`benchmarks/check_quality.py --real all`, and never tuned to.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from real_quality import entries, score

from cosaudit.lint.config import CheckConfig
from cosaudit.lint.engine import check_paths
from cosaudit.lint.model import Severity

DEV = entries("dev")


@pytest.mark.skipif(not DEV, reason="no real-world corpus (tests/lint/real/manifest.json)")
def test_dev_split_recall_and_precision_meet_the_goal(tmp_path: Path) -> None:
    result = check_paths([r["abs"] for r in DEV], CheckConfig(root=tmp_path), cwd=tmp_path)
    hits = {
        str(Path(tmp_path, f.path).resolve()) for f in result.findings if f.severity is not Severity.INFO
    }
    sc, missed, false = score(DEV, hits)
    assert sc.recall >= 0.90, f"recall {sc.recall:.3f}; missed {missed}"
    assert sc.precision >= 0.95, f"precision {sc.precision:.3f}; false alarms {false}"


def test_scoring_counts_warnings_and_errors_only() -> None:
    from real_quality import flagged

    findings = [
        {"path": "/a.py", "severity": "info"},
        {"path": "/b.py", "severity": "warning"},
        {"path": "/c.py", "severity": "error"},
    ]
    assert flagged(findings) == {"/b.py", "/c.py"}
    rows = [
        {"file": "b", "abs": "/b.py", "label": "positive"},
        {"file": "c", "abs": "/c.py", "label": "negative"},
        {"file": "d", "abs": "/d.py", "label": "positive"},
    ]
    sc, missed, false = score(rows, {"/b.py", "/c.py"})
    assert (sc.tp, sc.fp, sc.fn, missed, false) == (1, 1, 1, ["d"], ["c"])
    assert sc.precision == 0.5 and sc.recall == 0.5
