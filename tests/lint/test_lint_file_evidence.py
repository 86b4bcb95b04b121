"""File-level evidence that changes a finding's severity is the code's own, not a comment's."""

from __future__ import annotations

from pathlib import Path

from cosaudit.lint.engine import check_paths

_GRAM = """import torch.nn.functional as F
rows = F.normalize(teacher.fc.weight, dim=-1)
relation = rows @ rows.T
"""


def _severities(tmp_path: Path, extra: str) -> list[tuple[str, str]]:
    p = tmp_path / "distill.py"
    p.write_text(_GRAM + extra, encoding="utf-8")
    return [(f.code, f.severity.value) for f in check_paths([str(p)]).findings if f.code == "COS101"]


def test_a_commented_out_logit_scale_is_no_normalised_head(tmp_path: Path) -> None:
    assert _severities(tmp_path, "# logit_scale = clip.logit_scale.exp()\n") == [("COS101", "error")]


def test_a_live_logit_scale_still_lowers_the_cosine_to_info(tmp_path: Path) -> None:
    assert _severities(tmp_path, "logit_scale = clip.logit_scale.exp()\n") == [("COS101", "info")]
