"""`cosaudit inspect` end to end (CliRunner): formats on every fixture, the JSON contract, stdout
carrying only the report, --output, padding rows, and one stderr line for every bad input."""

from __future__ import annotations

import json
import os
import struct
from pathlib import Path

import ml_dtypes  # noqa: F401 - lets safetensors' numpy reader open BF16 (independent check)
import numpy as np
import pytest
from ckptkit import assert_one_line_error, run_cli, split_file, tree_hashes, write_safetensors

FIXTURE_ARGS = {
    "demo-lm": ["--labels", "dog", "cat", "horse", "car"],
    "gpt2-tiny-bf16": ["--labels", "dog", "cat"],
    "image-classifier": ["--labels", "beagle", "red fox", "--ids", "0"],
    "multilabel": ["--labels", "toxic", "insult"],
    "softcap": ["--labels", "dog", "cat"],
    "npy/head.npy": ["--ids", "1", "2", "3"],
    "npy/head.npz": ["--ids", "4", "5"],
}
CHECKPOINT_KEYS = {
    "source",
    "tensor",
    "shape",
    "dtype",
    "tied",
    "bias",
    "final_norm",
    "softcap",
    "revision",
}


def _json(args: list) -> dict:
    r = run_cli(["inspect", *args, "--format", "json"])
    assert r.exit_code == 0, r.stderr
    assert "Traceback" not in r.stderr
    return json.loads(r.stdout)


def _sorted_keys(obj: object) -> bool:
    if isinstance(obj, dict):
        return list(obj) == sorted(obj) and all(_sorted_keys(v) for v in obj.values())
    if isinstance(obj, list):
        return all(_sorted_keys(v) for v in obj)
    return True


@pytest.mark.parametrize("fixture", list(FIXTURE_ARGS))
@pytest.mark.parametrize("fmt", ["text", "json", "md"])
def test_every_fixture_in_every_format(fixtures_dir: Path, fixture: str, fmt: str) -> None:
    path = fixtures_dir / fixture
    before = tree_hashes(path)
    r = run_cli(["inspect", path, *FIXTURE_ARGS[fixture], "--format", fmt])
    assert r.exit_code == 0, r.stderr
    assert "Traceback" not in r.stderr and "error" not in r.stderr.lower()
    assert r.stdout.strip()
    assert "NOT identifiable" in r.stdout or fixture == "multilabel" or fmt == "json"
    if fmt == "json":
        assert r.stdout.startswith("{") and json.loads(r.stdout)["schema"] == "cosaudit.inspect/1"
    if fmt == "md":
        assert r.stdout.startswith("# ") and "| --- |" in r.stdout
    assert "\x1b[" not in r.stdout  # no colour codes when stdout is not a terminal
    assert tree_hashes(path) == before


@pytest.mark.parametrize("fixture", list(FIXTURE_ARGS))
def test_json_contract(fixtures_dir: Path, fixture: str) -> None:
    r = run_cli(["inspect", fixtures_dir / fixture, *FIXTURE_ARGS[fixture], "--format", "json"])
    rep = json.loads(r.stdout)
    assert rep["schema"] == "cosaudit.inspect/1"
    assert _sorted_keys(rep)
    assert not any(k.startswith("_") for k in rep)
    assert {
        "checkpoint",
        "head_type",
        "identifiable",
        "labels",
        "cosine",
        "centered_cosine",
        "summary",
        "warnings",
    } <= set(rep)
    assert CHECKPOINT_KEYS <= set(rep["checkpoint"])
    assert rep["head_type"] in ("softmax", "sigmoid")
    if rep["head_type"] == "softmax":
        assert rep["identifiable"] is False
    n = len(rep["labels"])
    assert n >= 2 and all(set(lab) == {"label", "id", "token"} for lab in rep["labels"])
    for key in ("cosine", "centered_cosine"):
        m = np.array(rep[key], dtype=float)
        assert m.shape == (n, n)
        np.testing.assert_allclose(m, m.T, atol=1e-6)
        np.testing.assert_allclose(np.diag(m), 1.0, atol=1e-6)
        assert np.all(np.abs(m) <= 1.0)
    assert isinstance(rep["warnings"], list) and isinstance(rep["summary"], dict)
    # stable: the same run gives the same bytes (seeded sample)
    again = run_cli(["inspect", fixtures_dir / fixture, *FIXTURE_ARGS[fixture], "--format", "json"])
    assert again.stdout == r.stdout


def test_head_types_and_identifiability(fixtures_dir: Path) -> None:
    multi = _json([fixtures_dir / "multilabel", "--ids", "0", "1"])
    assert multi["head_type"] == "sigmoid" and multi["identifiable"] is True
    forced = _json([fixtures_dir / "multilabel", "--ids", "0", "1", "--head", "softmax"])
    assert forced["head_type"] == "softmax" and forced["identifiable"] is False
    cap = _json([fixtures_dir / "softcap", "--ids", "5", "6"])
    assert cap["checkpoint"]["softcap"] == 30.0 and cap["identifiable"] is False
    assert cap["checkpoint"]["dtype"] == "F8_E4M3"
    assert "soft-capped" in cap["verdict"]["headline"]


def _rows(path: Path, name: str) -> np.ndarray:
    from safetensors.numpy import load_file

    return load_file(str(path))[name].astype(np.float64)


def _cos(a: np.ndarray, b: np.ndarray) -> float:
    return float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)))


def test_numbers_match_an_independent_computation(fixtures_dir: Path) -> None:
    """Raw and centered cosines and dots, recomputed with safetensors + numpy only."""
    rep = _json([fixtures_dir / "gpt2-tiny-bf16", "--labels", "dog", "cat", "car"])
    w = _rows(
        fixtures_dir / "gpt2-tiny-bf16" / "model-00002-of-00002.safetensors",
        "transformer.wte.weight",
    )
    ids = [lab["id"] for lab in rep["labels"]]
    mu = w[:600].mean(axis=0)  # padding rows 600..639 are left out of the mean
    for a in range(3):
        for b in range(3):
            i, j = ids[a], ids[b]
            assert rep["cosine"][a][b] == pytest.approx(_cos(w[i], w[j]), abs=2e-6)
            assert rep["centered_cosine"][a][b] == pytest.approx(
                _cos(w[i] - mu, w[j] - mu), abs=1e-5
            )
            assert rep["dot"][a][b] == pytest.approx(w[i] @ w[j], rel=1e-5, abs=1e-6)
    norms = np.linalg.norm(w[:600], axis=1)
    assert rep["summary"]["mean_norm_ratio"] == pytest.approx(
        np.linalg.norm(mu) / norms.mean(), rel=1e-4
    )


def test_padding_rows_reported_and_left_out(fixtures_dir: Path) -> None:
    rep = _json(
        [
            fixtures_dir / "gpt2-tiny-bf16",
            "--labels",
            "dog",
            "--top-k",
            "50",
            "--sample-rows",
            "1000",
        ]
    )
    s = rep["summary"]
    assert (s["rows"], s["padding_rows"], s["valid_rows"]) == (640, 40, 600)
    assert rep["checkpoint"]["padding_rows"] == 40 and rep["checkpoint"]["n_vocab"] == 600
    assert any("40 rows past the tokenizer" in w for w in rep["warnings"])
    nb = rep["neighbours"][0]
    assert len(nb["cosine"]) == 50
    assert all(e["id"] < 600 for e in nb["cosine"] + nb["centered_cosine"])
    assert s["most_similar_pairs"]["rows_searched"] == 600
    assert all(i < 600 for p in s["most_similar_pairs"]["pairs"] for i in p["ids"])
    # a padding row chosen explicitly is allowed, with a warning
    rep = _json([fixtures_dir / "gpt2-tiny-bf16", "--ids", "620", "3"])
    assert any("padding row" in w for w in rep["warnings"])


def test_stdout_is_only_the_report(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    r = run_cli(["inspect", "--labels", "dog", "cat", "--format", "json"])
    assert r.exit_code == 0, r.stderr
    rep = json.loads(r.stdout)  # nothing but the JSON report
    assert "bundled demo model" in r.stderr and "bundled demo model" not in r.stdout
    assert rep["checkpoint"]["tensor"] == "lm_head.weight"
    r = run_cli(["inspect", "--labels", "dog", "cat"])  # the text report as typed in the issue
    assert r.exit_code == 0 and "NOT identifiable" in r.stdout and "demo" in r.stderr


def test_label_notes_go_to_stderr(tmp_path: Path) -> None:
    from tokenizers import Tokenizer
    from tokenizers.models import WordLevel

    Tokenizer(WordLevel({"[UNK]": 0, "dog": 1, "Ġdog": 2, "cat": 3}, unk_token="[UNK]")).save(
        str(tmp_path / "tokenizer.json")
    )
    write_safetensors(
        tmp_path / "model.safetensors",
        {"lm_head.weight": ("F32", np.random.default_rng(0).standard_normal((4, 3)))},
    )
    r = run_cli(["inspect", tmp_path, "--labels", "dog", "cat", "--format", "json"])
    assert r.exit_code == 0
    json.loads(r.stdout)
    assert "warning:" in r.stderr and "Ġdog" in r.stderr


# --- --output ------------------------------------------------------------------------------------


def test_output_written_atomically(tmp_path: Path, fixtures_dir: Path) -> None:
    out = tmp_path / "report.json"
    args = ["inspect", fixtures_dir / "demo-lm", "--labels", "dog", "cat", "--format", "json"]
    r = run_cli([*args, "--output", out])
    assert r.exit_code == 0, r.stderr
    assert r.stdout == "" and f"wrote {out}" in r.stderr
    assert out.read_text() == run_cli(args).stdout
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.json"]  # no temporary left


def test_output_exists_needs_force(tmp_path: Path, fixtures_dir: Path) -> None:
    out = tmp_path / "report.txt"
    out.write_text("precious\n")
    args = [
        "inspect",
        fixtures_dir / "demo-lm",
        "--labels",
        "dog",
        "cat",
        "--format",
        "text",
        "-o",
        out,
    ]
    assert_one_line_error(run_cli(args), "already exists", "--force")
    assert out.read_text() == "precious\n"
    r = run_cli([*args, "--force"])
    assert r.exit_code == 0 and "NOT identifiable" in out.read_text()
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary left


def test_output_folder_missing(tmp_path: Path, fixtures_dir: Path) -> None:
    out = tmp_path / "no" / "such" / "report.json"
    r = run_cli(["inspect", fixtures_dir / "demo-lm", "--output", out])
    assert_one_line_error(r, "does not exist")
    assert not (tmp_path / "no").exists()
    assert list(tmp_path.iterdir()) == []


# --- bad input: one stderr line, exit 2, inputs unmodified ------------------------------------


def _good(tmp_path: Path) -> Path:
    w = np.random.default_rng(0).standard_normal((12, 4)).astype(np.float32)
    return write_safetensors(tmp_path / "good.safetensors", {"lm_head.weight": ("F32", w)})


def _check_bad(args: list, inputs: Path, *needles: str) -> str:
    before = tree_hashes(inputs)
    line = assert_one_line_error(run_cli(["inspect", *args]), *needles)
    assert tree_hashes(inputs) == before
    return line


def test_bad_missing_path(tmp_path: Path) -> None:
    _check_bad(
        [tmp_path / "nope.safetensors"], tmp_path, "no such file or folder", "nope.safetensors"
    )


def test_bad_not_safetensors(tmp_path: Path) -> None:
    p = tmp_path / "model.safetensors"
    p.write_text("I am a README, not a model\n")
    _check_bad([p], tmp_path, "not a safetensors file")


def test_bad_truncated(tmp_path: Path) -> None:
    p = tmp_path / "cut.safetensors"
    p.write_bytes(_good(tmp_path).read_bytes()[:-30])
    _check_bad([p], tmp_path, "truncated", "cut.safetensors")


def test_bad_header_length_past_end(tmp_path: Path) -> None:
    raw = _good(tmp_path).read_bytes()
    p = tmp_path / "len.safetensors"
    p.write_bytes(struct.pack("<Q", 1 << 20) + raw[8:])
    _check_bad([p], tmp_path, "header length", "past the end")


def test_bad_offsets_past_end(tmp_path: Path) -> None:
    header, data = split_file(_good(tmp_path))
    header["lm_head.weight"].update(shape=[1000, 4], data_offsets=[0, 16000])
    raw = json.dumps(header).encode()
    p = tmp_path / "off.safetensors"
    p.write_bytes(struct.pack("<Q", len(raw)) + raw + data)
    _check_bad([p], tmp_path, "ends at byte", "lm_head.weight")


@pytest.mark.parametrize("shard", ["../good.safetensors", "/etc/passwd"])
def test_bad_index_outside_folder(tmp_path: Path, shard: str) -> None:
    _good(tmp_path)
    folder = tmp_path / "ckpt"
    folder.mkdir()
    (folder / "model.safetensors.index.json").write_text(
        json.dumps({"weight_map": {"lm_head.weight": shard}})
    )
    _check_bad([folder], tmp_path, "outside the checkpoint folder", shard)


def test_bad_symlinked_shard_outside_folder(tmp_path: Path) -> None:
    good = _good(tmp_path)
    folder = tmp_path / "ckpt"
    folder.mkdir()
    os.symlink(good, folder / "model-1.safetensors")
    (folder / "model.safetensors.index.json").write_text(
        json.dumps({"weight_map": {"lm_head.weight": "model-1.safetensors"}})
    )
    _check_bad([folder], tmp_path, "outside the checkpoint folder")


def test_bad_no_head(tmp_path: Path) -> None:
    rng = np.random.default_rng(1)
    write_safetensors(
        tmp_path / "model.safetensors",
        {
            "layers.0.mlp.fc.weight": ("F32", rng.standard_normal((9, 4))),
            "layers.0.attn.weight": ("F32", rng.standard_normal((4, 4))),
        },
    )
    _check_bad(
        [tmp_path],
        tmp_path,
        "found no output head",
        "--tensor",
        "layers.0.mlp.fc.weight [9, 4]",
        "layers.0.attn.weight [4, 4]",
    )


@pytest.mark.parametrize("suffix", [".bin", ".pt", ".pkl"])
def test_bad_pickle(tmp_path: Path, suffix: str) -> None:
    import pickle

    p = tmp_path / f"model{suffix}"
    p.write_bytes(pickle.dumps({"lm_head.weight": [[1.0, 2.0]]}))
    _check_bad([p], tmp_path, "pickle", "never unpickles")


def test_bad_label_not_in_vocabulary(fixtures_dir: Path) -> None:
    _check_bad(
        [fixtures_dir / "demo-lm", "--labels", "dog", "dgo"],
        fixtures_dir / "demo-lm",
        "'dgo' is not in the vocabulary",
        "closest: 'dog'",
    )


def test_bad_label_several_tokens(fixtures_dir: Path) -> None:
    _check_bad(
        [fixtures_dir / "gpt2-tiny-bf16", "--labels", "hippopotamus", "dog"],
        fixtures_dir / "gpt2-tiny-bf16",
        "'hippopotamus' is",
        "tokens: 'h' + 'i'",
    )


def test_bad_ids_out_of_range(fixtures_dir: Path) -> None:
    _check_bad(
        [fixtures_dir / "demo-lm", "--ids", "3", "237"],
        fixtures_dir / "demo-lm",
        "row index 237 is out of range",
    )


def test_bad_hub_id_not_in_cache_offline() -> None:
    line = assert_one_line_error(run_cli(["inspect", "some-org/some-model@main"]))
    assert "not in the local Hugging Face cache" in line


def _with_bad_rows(tmp_path: Path) -> Path:
    w = np.random.default_rng(2).standard_normal((20, 4)).astype(np.float32)
    w[3, 1] = np.nan
    w[4] = np.inf
    w[7] = 0.0
    return write_safetensors(tmp_path / "m.safetensors", {"lm_head.weight": ("F32", w)})


def test_nan_rows_reported_and_left_out(tmp_path: Path) -> None:
    p = _with_bad_rows(tmp_path)
    r = run_cli(["inspect", p, "--ids", "1", "2", "--top-k", "30", "--format", "json"])
    assert r.exit_code == 0, r.stderr
    assert "Traceback" not in r.stderr and "Warning" not in r.stderr
    rep = json.loads(r.stdout)
    assert rep["summary"]["nan_rows"] == [3, 4]
    assert any("NaN/Inf" in w and "left out" in w for w in rep["warnings"])
    for nb in rep["neighbours"]:
        ids = {e["id"] for e in nb["cosine"] + nb["centered_cosine"]}
        assert not ids & {3, 4, 7}
    assert rep["summary"]["valid_rows"] == 18


@pytest.mark.parametrize("row", ["3", "4"])
def test_nan_row_chosen_is_refused(tmp_path: Path, row: str) -> None:
    p = _with_bad_rows(tmp_path)
    _check_bad([p, "--ids", "1", row], tmp_path, f"row {row}", "NaN or Inf")


def test_zero_row_cosine_is_null(tmp_path: Path) -> None:
    p = _with_bad_rows(tmp_path)
    r = run_cli(["inspect", p, "--ids", "7", "1", "--format", "json"])
    assert r.exit_code == 0, r.stderr
    rep = json.loads(r.stdout)
    assert rep["cosine"][0] == [None, None] and rep["cosine"][1][0] is None
    assert rep["cosine"][1][1] == 1.0
    assert rep["summary"]["zero_rows"] == [7]
    assert any("zero row" in w and "undefined" in w for w in rep["warnings"])
    text = run_cli(["inspect", p, "--ids", "7", "1"])
    assert text.exit_code == 0 and "n/a" in text.stdout


def test_options_at_the_edges(fixtures_dir: Path) -> None:
    rep = _json(
        [fixtures_dir / "demo-lm", "--labels", "dog", "--ids", "5", "--top-k", "0", "--pairs", "0"]
    )
    assert rep["neighbours"] == [] or all(not n["cosine"] for n in rep["neighbours"])
    assert rep["summary"]["pair_sample"]["pairs"] == 0
    rep = _json([fixtures_dir / "demo-lm"])  # no labels: the vocabulary-wide summary only
    assert rep["labels"] == [] and rep["cosine"] == [] and rep["summary"]["rows"] == 237


@pytest.mark.parametrize("shape", [(0, 4), (4, 0)])
def test_bad_empty_head(tmp_path: Path, shape: tuple[int, int]) -> None:
    write_safetensors(tmp_path / "model.safetensors", {"lm_head.weight": ("F32", np.zeros(shape))})
    _check_bad([tmp_path], tmp_path, f"has shape {list(shape)}", "nothing to audit")


@pytest.mark.parametrize("shape", [(5,), (2, 3, 4)])
def test_bad_head_not_a_matrix(tmp_path: Path, shape: tuple[int, ...]) -> None:
    np.save(tmp_path / "head.npy", np.ones(shape, dtype=np.float32))
    _check_bad([tmp_path / "head.npy"], tmp_path, "not a 2-D matrix", "--tensor")


def test_output_never_replaces_an_input_file(tmp_path: Path) -> None:
    good = _good(tmp_path)
    (tmp_path / "config.json").write_text("{}")
    for target in (good, tmp_path / "config.json"):
        _check_bad(
            [good, "--ids", "1", "2", "-f", "json", "-o", target, "--force"],
            tmp_path,
            "is a file of the input checkpoint",
        )
    # a new file beside the checkpoint is fine
    r = run_cli(
        ["inspect", tmp_path, "--ids", "1", "2", "-f", "json", "-o", tmp_path / "report.json"]
    )
    assert (
        r.exit_code == 0
        and json.loads((tmp_path / "report.json").read_text())["labels"][0]["id"] == 1
    )
