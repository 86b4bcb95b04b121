"""`cosaudit.api_similar.similar` with checkpoints and arrays (no torch needed)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from cosaudit.api_similar import similar
from cosaudit.audit.similar import SimilarReport
from cosaudit.errors import DataError, UsageError


def test_path_and_the_shipped_states(fixtures_dir: Path) -> None:
    rep = similar(fixtures_dir / "demo-lm", ["dog", "cat", "car"])
    assert isinstance(rep, SimilarReport) and rep.n_inputs == 1400
    assert [lab["label"] for lab in rep.labels] == ["dog", "cat", "car"]
    assert rep.summary() == "labels ['dog', 'cat', 'car']: behavioural similarity over 1400 inputs"


def test_arrays_before_and_after_the_norm_agree(fixtures_dir: Path) -> None:
    with np.load(fixtures_dir / "demo-lm" / "hidden_states.npz") as z:
        after, before = z["hidden_states"], z["residual"]
    a = similar(fixtures_dir / "demo-lm", ["dog", "cat"], hidden=after)
    b = similar(fixtures_dir / "demo-lm", ["dog", "cat"], hidden_before_norm=before)
    assert a.logprob_correlation[0][1] == pytest.approx(b.logprob_correlation[0][1], abs=1e-5)
    assert "array" in a.hidden_source and "layernorm" in b.hidden_source


def test_one_label_by_id(fixtures_dir: Path) -> None:
    rep = similar(fixtures_dir / "demo-lm", label=3, k=4)
    assert rep.label is not None and rep.label["id"] == 3 and len(rep.neighbours or []) == 4
    assert rep.summary().endswith(": 4 behavioural neighbours over 1400 inputs")


def test_bad_arrays(fixtures_dir: Path) -> None:
    with pytest.raises(DataError, match="width 24"):
        similar(fixtures_dir / "demo-lm", ["dog", "cat"], hidden=np.zeros((5, 3)))
    with pytest.raises(DataError, match="at least 2"):
        similar(fixtures_dir / "demo-lm", ["dog", "cat"], hidden=np.ones((1, 24)))
    with pytest.raises(UsageError, match="one of"):
        similar(fixtures_dir / "demo-lm", ["dog", "cat"], hidden=np.ones((3, 24)), hidden_before_norm=np.ones((3, 24)))
    with pytest.raises(UsageError, match="cannot audit an object of type object"):  # the API's own refusal
        similar(object(), ["dog", "cat"])
