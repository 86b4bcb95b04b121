"""`cosaudit flip` through click: reports, formats, saving, and one test per bad input."""

from __future__ import annotations

import errno
import json
import os
import shutil
from pathlib import Path

import numpy as np
import pytest
from ckptkit import assert_one_line_error as _one_error_line
from ckptkit import run_json
from click.testing import CliRunner
from safetensors.numpy import load_file, save_file

from cosaudit.cli import cli
from cosaudit.report import flip as render

DEMO = str(Path(__file__).resolve().parents[2] / "fixtures" / "demo-lm")


def run(*args: str):
    return CliRunner().invoke(cli, ["flip", *args])


def _json(*args: str) -> dict:
    return run_json("flip", *args)





def _listing(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


# --------------------------------------------------------------------------- reports


def test_default_checkpoint_both_targets():
    r = run("--labels", "dog", "cat")
    assert r.exit_code == 0, r.stderr
    assert "demo model" in r.stderr  # announced on stderr, not stdout
    assert (
        "-1.000" in r.stdout and "+1.000" in r.stdout and "not a property of the model" in r.stdout
    )
    assert "nearest rows" in r.stdout


def test_json_schema_and_figures():
    rep = _json(DEMO, "--labels", "dog", "cat")
    assert rep["schema"] == "cosaudit.flip/1" and rep["symmetry"] == "translate"
    assert [lab["label"] for lab in rep["labels"]] == ["dog", "cat"]
    assert {"label", "id", "token"} <= set(rep["labels"][0])
    assert -1 < rep["original"]["cosine"] < 1 and rep["original"]["centered_cosine"] is not None
    assert [m["target"] for m in rep["models"]] == [-1.0, 1.0]
    for m in rep["models"]:
        assert m["cosine"] == pytest.approx(m["target"], abs=1e-9)
        assert m["centered_cosine"] == pytest.approx(rep["original"]["centered_cosine"], abs=1e-9)
        assert m["max_abs_prob_diff"] < 1e-12 and m["argmax_agree"] is True
        assert m["max_abs_logprob_diff"] < 1e-10 and m["translation_norm"] > 0
        assert (
            m["saved"] is None and m["saved_dtype"] is None and m["saved_max_abs_prob_diff"] is None
        )
        assert m["stored_dtype"] == "float32"
        assert len(m["neighbours"]) == 2 and len(m["neighbours"][0]["neighbours"]) == 5
    assert rep["verification"]["n_probes"] == 1000 and rep["verification"]["seed"] == 0
    # stable: same run, same bytes
    assert (
        run(DEMO, "--labels", "dog", "cat", "--format", "json").stdout
        == json.dumps(rep, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    )


def test_any_target_and_ids():
    rep = _json(DEMO, "--ids", "3", "17", "--target", "0.3", "--probes", "50", "--seed", "4")
    assert len(rep["models"]) == 1 and rep["models"][0]["cosine"] == pytest.approx(0.3, abs=1e-9)
    assert rep["verification"]["n_probes"] == 50 and rep["verification"]["seed"] == 4
    assert [lab["id"] for lab in rep["labels"]] == [3, 17]


def test_rescale_moves_centered_cosine():
    rep = _json(DEMO, "--labels", "dog", "cat", "--symmetry", "rescale", "--target", "-0.2")
    m = rep["models"][0]
    assert m["centered_cosine"] == pytest.approx(-0.2, abs=1e-5) and m["reached"]
    assert m["max_abs_prob_diff"] < 1e-12 and m["argmax_agree"]
    assert m["translation_norm"] is None and 0 < m["scale_range"][0] <= m["scale_range"][1]


def test_markdown_and_output_file(tmp_path):
    out = tmp_path / "r.md"
    r = run(DEMO, "--labels", "dog", "cat", "--format", "md", "--output", str(out))
    assert r.exit_code == 0 and r.stdout == ""
    text = out.read_text()
    assert text.startswith("# cosaudit flip") and "| model |" in text


def test_bf16_head_reports_rounding(fixtures_dir):
    rep = _json(str(fixtures_dir / "gpt2-tiny-bf16"), "--ids", "10", "20", "--target", "-1")
    m = rep["models"][0]
    assert m["stored_dtype"] == "bfloat16"
    assert m["max_abs_prob_diff"] < 1e-12 < m["stored_max_abs_prob_diff"] < 1e-2
    rep32 = _json(
        str(fixtures_dir / "gpt2-tiny-bf16"),
        "--ids",
        "10",
        "20",
        "--target",
        "-1",
        "--dtype",
        "float32",
    )
    assert rep32["models"][0]["stored_max_abs_prob_diff"] < m["stored_max_abs_prob_diff"] / 100


def test_save_folder(tmp_path, fixtures_dir):
    out = tmp_path / "neg"
    rep = _json(
        str(fixtures_dir / "demo-lm"),
        "--labels",
        "dog",
        "cat",
        "--target",
        "-1",
        "--save",
        str(out),
    )
    m = rep["models"][0]
    assert m["saved"] == str(out) and m["saved_dtype"] == "float32"
    assert m["saved_max_abs_prob_diff"] == m["stored_max_abs_prob_diff"]
    W = load_file(out / "model.safetensors")["lm_head.weight"].astype(np.float64)
    i, j = (lab["id"] for lab in rep["labels"])
    assert W[i] @ W[j] / np.linalg.norm(W[i]) / np.linalg.norm(W[j]) == pytest.approx(
        -1.0, abs=1e-6
    )
    # and cosaudit reads its own output back
    rep2 = _json(str(out), "--labels", "dog", "cat", "--target", "1")
    assert rep2["original"]["cosine"] == pytest.approx(-1.0, abs=1e-6)


def test_save_file(tmp_path, fixtures_dir):
    out = tmp_path / "x.safetensors"
    r = run(
        str(fixtures_dir / "demo-lm" / "model.safetensors"),
        "--ids",
        "3",
        "4",
        "--target",
        "1",
        "--save",
        str(out),
    )
    assert r.exit_code == 0, r.stderr
    assert out.is_file() and f"wrote {out}" in r.stderr
    # provenance: the hash (computed while the command ran) is that of the source head's bytes
    import hashlib

    from safetensors import safe_open

    from cosaudit.load.tensors import read_safetensors_header

    src = fixtures_dir / "demo-lm" / "model.safetensors"
    e = read_safetensors_header(src).entries["lm_head.weight"]
    want = hashlib.sha256(src.read_bytes()[e.begin : e.end]).hexdigest()
    with safe_open(out, "np") as f:
        meta = f.metadata()
    assert meta["cosaudit.source_head_sha256"] == want
    labels = json.loads(meta["cosaudit.labels"])
    assert labels[0]["id"] == 3 and meta["cosaudit.symmetry"] == "translate"


def test_identical_rows_answered(tmp_path):
    W = np.random.default_rng(0).standard_normal((6, 4)).astype(np.float32)
    W[2] = W[1]
    save_file({"lm_head.weight": W}, tmp_path / "m.safetensors")
    rep = _json(str(tmp_path / "m.safetensors"), "--ids", "1", "2")
    assert rep["models"] == [] and rep["outcome"]["code"] == "identical_rows"
    assert "every equivalent model" in rep["outcome"]["message"]
    r = run(str(tmp_path / "m.safetensors"), "--ids", "1", "2")
    assert r.exit_code == 0 and "equal probability" in r.stdout


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize("target", ["2", "-1.5", "abc", "nan"])
def test_target_outside_range(target):
    _one_error_line(run(DEMO, "--labels", "dog", "cat", "--target", target), "target")


@pytest.mark.parametrize("labels", [["dog"], ["dog", "cat", "horse"]])
def test_not_two_labels(labels):
    _one_error_line(run(DEMO, "--labels", *labels), "exactly two labels")


def test_label_mix_counts():
    _one_error_line(run(DEMO, "--labels", "dog", "--ids", "3", "4"), "exactly two labels")


def test_same_label():
    _one_error_line(run(DEMO, "--labels", "dog", "dog"), "itself")


def test_unknown_label():
    r = run(DEMO, "--labels", "dog", "zzzqqq")
    assert r.exit_code == 2 and r.stderr.startswith("error:") and r.stdout == ""


def test_missing_checkpoint(tmp_path):
    _one_error_line(run(str(tmp_path / "nope"), "--labels", "dog", "cat"))


def test_zero_row(tmp_path):
    W = np.random.default_rng(0).standard_normal((6, 4)).astype(np.float32)
    W[3] = 0
    save_file({"lm_head.weight": W}, tmp_path / "m.safetensors")
    _one_error_line(run(str(tmp_path / "m.safetensors"), "--ids", "3", "1"), "zeros")


def test_one_dimension(tmp_path):
    np.save(tmp_path / "w.npy", np.array([[1.0], [2.0], [-1.0]], dtype=np.float32))
    _one_error_line(
        run(str(tmp_path / "w.npy"), "--ids", "0", "1", "--target", "0.5"), "one dimension"
    )
    assert run(str(tmp_path / "w.npy"), "--ids", "0", "1", "--target", "-1").exit_code == 0


def test_softcap_refuses_translation(fixtures_dir):
    _one_error_line(run(str(fixtures_dir / "softcap"), "--ids", "1", "2"), "soft-capped", "rescale")
    assert (
        run(
            str(fixtures_dir / "softcap"),
            "--ids",
            "1",
            "2",
            "--symmetry",
            "rescale",
            "--target",
            "0",
        ).exit_code
        == 0
    )


def test_sigmoid_refuses_translation(fixtures_dir):
    _one_error_line(
        run(str(fixtures_dir / "multilabel"), "--ids", "0", "1"), "sigmoid", "Lemma 5.3"
    )


def test_rescale_without_norm(fixtures_dir):
    _one_error_line(
        run(
            str(fixtures_dir / "npy" / "head.npy"),
            "--ids",
            "0",
            "1",
            "--symmetry",
            "rescale",
            "--target",
            "0",
        ),
        "final norm",
    )


def test_save_needs_one_target(tmp_path):
    _one_error_line(
        run(DEMO, "--labels", "dog", "cat", "--save", str(tmp_path / "o")), "single --target"
    )
    assert not (tmp_path / "o").exists()


def test_save_into_input_folder(tmp_path, fixtures_dir):
    src = tmp_path / "src"
    shutil.copytree(fixtures_dir / "demo-lm", src)
    before = _listing(src)
    _one_error_line(
        run(str(src), "--labels", "dog", "cat", "--target", "-1", "--save", str(src / "sub")),
        "inside the input",
    )
    _one_error_line(
        run(str(src), "--labels", "dog", "cat", "--target", "-1", "--save", str(src), "--force")
    )
    assert _listing(src) == before


def test_save_over_existing_path(tmp_path):
    out = tmp_path / "exists"
    out.mkdir()
    (out / "f").write_text("keep")
    _one_error_line(
        run(DEMO, "--labels", "dog", "cat", "--target", "-1", "--save", str(out)),
        "already exists",
        "--force",
    )
    assert (out / "f").read_text() == "keep"
    r = run(DEMO, "--labels", "dog", "cat", "--target", "-1", "--save", str(out), "--force")
    assert r.exit_code == 0 and (out / "model.safetensors").is_file() and not (out / "f").exists()


def test_save_on_full_disk(tmp_path, monkeypatch):
    import cosaudit.load.write as wr

    def full(fd, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(wr.os, "write", full)
    dest = tmp_path / "d"
    dest.mkdir()
    _one_error_line(
        run(DEMO, "--labels", "dog", "cat", "--target", "-1", "--save", str(dest / "o")),
        "No space left",
        "free some space",
    )
    assert os.listdir(dest) == []


def test_save_into_unwritable_folder(tmp_path, monkeypatch):
    """As root chmod does not stop writes, so the permission check is simulated."""
    import cosaudit.load.atomic as atomic

    dest = tmp_path / "ro"
    dest.mkdir()
    real = atomic.os.access
    monkeypatch.setattr(
        atomic.os, "access", lambda p, m: False if Path(p) == dest.resolve() else real(p, m)
    )
    _one_error_line(
        run(DEMO, "--labels", "dog", "cat", "--target", "-1", "--save", str(dest / "o")),
        "not writable",
    )
    assert os.listdir(dest) == []


def test_save_into_missing_folder(tmp_path):
    _one_error_line(
        run(
            DEMO,
            "--labels",
            "dog",
            "cat",
            "--target",
            "-1",
            "--save",
            str(tmp_path / "no" / "such" / "o"),
        ),
        "does not exist",
    )


def test_output_equals_save(tmp_path):
    p = tmp_path / "same"
    _one_error_line(
        run(DEMO, "--labels", "dog", "cat", "--target", "-1", "--save", str(p), "--output", str(p)),
        "same path",
    )


def test_renderers_are_pure():
    rep = {
        "schema": "cosaudit.flip/1",
        "checkpoint": {
            "source": "s",
            "tensor": "t",
            "shape": [3, 2],
            "dtype": "F32",
            "tied": False,
        },
        "labels": [{"label": "a", "id": 0, "token": "a"}, {"label": "b", "id": 1, "token": "b"}],
        "symmetry": "translate",
        "original": {"cosine": 0.5, "centered_cosine": 0.1},
        "outcome": None,
        "models": [],
        "verification": None,
        "warnings": ["w1"],
    }
    from cosaudit.audit.reports import FlipReport

    typed = FlipReport(rep)
    text = render.render_text(typed)
    assert "+0.500" in text and "w1" in text
    assert json.loads(typed.to_json())["schema"] == "cosaudit.flip/1"
    assert render.render_markdown(typed).startswith("# cosaudit flip")


def test_saved_rows_are_the_verified_rows(tmp_path, fixtures_dir):
    """flip --save computes, verifies and writes the head in one pass: the file is byte for byte
    what the writer alone writes, and the report says what was verified."""
    from cosaudit.core.verify import Equivalent
    from cosaudit.load import open_head
    from cosaudit.load.write import save_equivalent

    src = fixtures_dir / "gpt2-tiny-bf16"
    out = tmp_path / "neg"
    rep = _json(str(src), "--ids", "10", "20", "--target", "-1", "--save", str(out))
    m = rep["models"][0]
    assert m["saved_dtype"] == "bfloat16" and m["saved_max_abs_prob_diff"] > 0
    head = open_head(str(src))
    W = head.matrix()
    from cosaudit.core import symmetry as sym

    eq = Equivalent("translate", c=sym.least_norm_translation(W[10], W[20], -1.0).c)
    save_equivalent(head, eq, tmp_path / "ref", symmetry="translate", labels=rep["labels"],
                    target=-1.0)
    for f in sorted(p.name for p in out.iterdir()):
        assert (out / f).read_bytes() == (tmp_path / "ref" / f).read_bytes(), f
    text = run(str(src), "--ids", "10", "20", "--target", "-1").stdout
    assert "element by element in float64" in text and "z + c·h" in text


def test_huge_bf16_rows_flip_honestly_and_save_refuses_without_force(tmp_path: Path) -> None:
    """Rows of norm ~1e4 in bf16, target +1: the translated model, rounded back to bf16, is not the same model."""
    import ml_dtypes
    from safetensors.numpy import save_file

    rng = np.random.default_rng(0)
    for _ in range(4):  # a draw where ids 1, 2 at target +1 show it clearly (max |Δp| ~ 0.97)
        rng.standard_normal((64, 16))
    W = (rng.standard_normal((64, 16)) * 300 + 3e4).astype(ml_dtypes.bfloat16)
    src = tmp_path / "big.safetensors"
    save_file({"lm_head.weight": W}, str(src))
    rep = _json(str(src), "--ids", "1", "2", "--target", "1")
    assert rep["stored_equivalent"] is False
    assert any("--dtype float32" in w for w in rep["warnings"])
    text = CliRunner().invoke(cli, ["flip", str(src), "--ids", "1", "2", "--target", "1"]).stdout
    assert "NOT equivalent once stored" in text
    out = tmp_path / "out.safetensors"
    r = CliRunner().invoke(cli, ["flip", str(src), "--ids", "1", "2", "--target", "1", "--save", str(out)])
    assert r.exit_code == 2 and "--save refuses" in r.stderr and not out.exists()
    r = CliRunner().invoke(cli, ["flip", str(src), "--ids", "1", "2", "--target", "1", "--save", str(out), "--force"])
    assert r.exit_code == 0 and out.exists()
    rep = _json(str(src), "--ids", "1", "2", "--target", "1", "--dtype", "float32")
    assert rep["stored_equivalent"] is True
