"""`inspect` shows, for each chosen pair and the most similar pair, verified −1 / +1 equivalents."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from click.testing import CliRunner
from safetensors.numpy import save_file

from cosaudit.cli import cli
from tests.conftest import FIXTURES


def _inspect(*args: str) -> dict:
    r = CliRunner().invoke(cli, ["inspect", *args, "--format", "json"])
    assert r.exit_code == 0, r.stderr
    return json.loads(r.stdout)


def test_chosen_pairs_get_minus_one_and_plus_one_equivalents() -> None:
    rep = _inspect(str(FIXTURES / "demo-lm"), "--labels", "dog", "cat", "horse")
    chosen = [e for e in rep["equivalents"] if e["origin"] == "chosen"]
    assert [e["labels"] for e in chosen] == [["dog", "cat"], ["dog", "horse"], ["cat", "horse"]]
    for e in chosen:
        assert e["minus1"] == -1.0 and e["plus1"] == 1.0
        assert e["refused"] is None and e["argmax_agree"] is True
        assert 0 <= e["max_abs_prob_diff"] < 1e-12
        assert e["cosine"] == rep["cosine"][0][1] or e["labels"] != ["dog", "cat"]
    # the vocabulary's most similar pair (from the sample) is demonstrated too
    top = rep["summary"]["most_similar_pairs"]["pairs"][0]
    assert any(e["origin"] != "chosen" and e["ids"] == top["ids"] for e in rep["equivalents"])
    assert rep["equivalents_check"]["probes"] > 0


def test_translation_refused_for_softcap_and_sigmoid_heads() -> None:
    soft = _inspect(str(FIXTURES / "softcap"), "--labels", "dog", "cat")
    assert all(e["minus1"] is None and "soft-capped" in e["refused"] for e in soft["equivalents"])
    sig = _inspect(str(FIXTURES / "multilabel"), "--ids", "0", "1")
    assert all(e["minus1"] is None and "sigmoid" in e["refused"] for e in sig["equivalents"])


def test_identical_rows_say_the_cosine_is_informative(tmp_path: Path) -> None:
    w = np.random.default_rng(0).standard_normal((20, 4)).astype(np.float32)
    w[3] = w[5]
    save_file({"lm_head.weight": w}, str(tmp_path / "m.safetensors"))
    rep = _inspect(str(tmp_path / "m.safetensors"), "--ids", "3", "5")
    e = rep["equivalents"][0]
    assert e["cosine"] == 1.0 and e["minus1"] is None
    assert "identical rows" in e["refused"] and "equal probability" in e["refused"]


def test_text_report_shows_the_equivalents_table() -> None:
    r = CliRunner().invoke(cli, ["inspect", str(FIXTURES / "demo-lm"), "--labels", "dog", "cat"])
    assert r.exit_code == 0
    assert "−1 model" in r.stdout and "dog / cat" in r.stdout and "-1.000" in r.stdout


def test_tieable_matrix_beside_the_cosines(tmp_path: Path, paper_examples: dict) -> None:
    # the paper's centered example: labels 2 and 4 have cosine 0.8 but can never share the top,
    # labels 1 and 2 (cosine -0.59) can
    ex = paper_examples["centered"]
    np.save(tmp_path / "head.npy", np.array(ex["W"], dtype=np.float32))
    rep = _inspect(str(tmp_path / "head.npy"), "--ids", "1", "2", "4")
    m = rep["tieable"]["matrix"]
    assert m[0][1] is True and m[1][2] is False and m[1][2] == m[2][1]
    assert rep["cosine"][1][2] > rep["cosine"][0][1]  # higher cosine, yet never tied for the top
    assert "R^2" in rep["tieable"]["space"]


def test_tieable_can_be_switched_off_and_is_off_by_default_for_huge_heads(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    rep = _inspect(str(FIXTURES / "demo-lm"), "--labels", "dog", "cat", "--no-tieable")
    assert rep["tieable"] is None
    import cosaudit.audit.inspect as audit_inspect

    monkeypatch.setattr(audit_inspect, "TIEABLE_AUTO_ELEMENTS", 10)
    rep = _inspect(str(FIXTURES / "demo-lm"), "--labels", "dog", "cat")
    assert rep["tieable"] is None and any("--tieable" in w for w in rep["warnings"])
    rep = _inspect(str(FIXTURES / "demo-lm"), "--labels", "dog", "cat", "--tieable")
    assert rep["tieable"]["matrix"][0][1] in (True, False)


def test_sigmoid_head_lists_the_feasible_label_combinations(tmp_path: Path) -> None:
    # three rows in the plane with no bias: sign(Wx) takes 6 of the 8 patterns (a central
    # arrangement of 3 lines has 6 regions); {} and {all} are impossible here
    w = np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, -1.0]], dtype=np.float32)
    np.save(tmp_path / "head.npy", w)
    rep = _inspect(str(tmp_path / "head.npy"), "--ids", "0", "1", "2", "--head", "sigmoid")
    c = rep["combinations"]
    assert c["count"] == 6 and c["possible"] == 8
    assert [] not in c["on_sets"] and ["#0", "#1", "#2"] not in c["on_sets"]
    assert rep["identifiable"] is True
    softmax = _inspect(str(tmp_path / "head.npy"), "--ids", "0", "1")
    assert softmax["combinations"] is None and softmax["identifiable"] is False


def test_heatmaps_get_the_equivalent_models_of_the_first_pair() -> None:
    from cosaudit.audit.inspect import run_inspect
    from cosaudit.load import open_head, resolve_labels
    from cosaudit.report.report_figures import report_figures

    head = open_head(str(FIXTURES / "demo-lm"))
    labels, _ = resolve_labels(head, ["dog", "cat", "horse"], [])
    rep = run_inspect(head, labels)
    mats = rep.equivalent_matrices
    assert [m.title.split()[0] for m in mats] == ["-1", "+1"]
    assert mats[0].matrix[0][1] == -1.0 and mats[1].matrix[0][1] == 1.0
    assert all("_translations" not in e for e in rep.data["equivalents"])  # private vectors dropped
    assert not any(k.startswith("_") for k in rep.to_dict())  # figure data is not in the JSON
    heat = report_figures(rep)[0].figure
    assert len([ax for ax in heat.axes if ax.get_title()]) == 4  # raw, centered, −1, +1
