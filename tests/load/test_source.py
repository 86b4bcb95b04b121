"""CHECKPOINT → files: single files, HF folders, shards, pickles, numpy, and the default."""

from __future__ import annotations

import json
import os
import pickle
import shutil
from pathlib import Path

import numpy as np
import pytest
from ckptkit import write_safetensors

from cosaudit.errors import (
    CheckpointFormatError,
    CheckpointNotFoundError,
    ConfigError,
    HeadNotFoundError,
    UnsafeFormatError,
)
from cosaudit.load import open_head
from cosaudit.load.source import default_checkpoint, demo_path, locate


def _head_file(path: Path, v: int = 6, d: int = 3, seed: int = 0) -> Path:
    w = np.random.default_rng(seed).standard_normal((v, d)).astype(np.float32)
    return write_safetensors(path, {"lm_head.weight": ("F32", w)})


def test_single_file_takes_the_side_config(tmp_path: Path) -> None:
    _head_file(tmp_path / "model.safetensors")
    (tmp_path / "config.json").write_text(
        json.dumps({"model_type": "toy", "final_logit_softcapping": 5})
    )
    loc = locate(str(tmp_path / "model.safetensors"))
    assert loc.kind == "safetensors" and loc.path == tmp_path / "model.safetensors"
    assert loc.shapes == {"lm_head.weight": (6, 3)}
    assert loc.config["model_type"] == "toy"
    assert loc.tokenizer is None


def test_demo_folder(fixtures_dir: Path) -> None:
    loc = locate(str(fixtures_dir / "demo-lm"))
    assert loc.kind == "folder" and loc.root == fixtures_dir / "demo-lm"
    assert loc.tokenizer == fixtures_dir / "demo-lm" / "tokenizer.json"
    assert loc.config["model_type"] == "cosaudit-demo"
    assert loc.shapes["lm_head.weight"] == (237, 24)


def test_demo_ships_inside_the_package() -> None:
    p = demo_path()
    assert p.parts[-3:] == ("cosaudit", "data", "demo-lm")
    assert (p / "model.safetensors").is_file() and (p / "tokenizer.json").is_file()


def test_sharded_folder_with_index(fixtures_dir: Path) -> None:
    folder = fixtures_dir / "gpt2-tiny-bf16"
    loc = locate(str(folder))
    index = json.loads((folder / "model.safetensors.index.json").read_text())
    assert set(loc.tensors) == set(index["weight_map"])
    for name, shard in index["weight_map"].items():
        assert loc.tensors[name].file.name == shard
    assert loc.shapes["transformer.wte.weight"] == (640, 32)
    # pointing at the index file itself opens the folder
    assert set(locate(str(folder / "model.safetensors.index.json")).tensors) == set(loc.tensors)


def _sharded(tmp_path: Path, weight_map: dict[str, str]) -> Path:
    folder = tmp_path / "ckpt"
    folder.mkdir()
    (folder / "model.safetensors.index.json").write_text(json.dumps({"weight_map": weight_map}))
    return folder


@pytest.mark.parametrize("name", ["../outside.safetensors", "sub/../../outside.safetensors"])
def test_index_naming_a_parent_file_is_refused(tmp_path: Path, name: str) -> None:
    _head_file(tmp_path / "outside.safetensors")
    folder = _sharded(tmp_path, {"lm_head.weight": name})
    with pytest.raises(CheckpointFormatError, match="outside the checkpoint folder") as info:
        locate(str(folder))
    assert name in str(info.value)


def test_index_naming_an_absolute_path_is_refused(tmp_path: Path) -> None:
    target = _head_file(tmp_path / "outside.safetensors")
    folder = _sharded(tmp_path, {"lm_head.weight": str(target)})
    with pytest.raises(CheckpointFormatError, match="outside the checkpoint folder"):
        locate(str(folder))


def test_index_naming_a_symlink_that_escapes_is_refused(tmp_path: Path) -> None:
    target = _head_file(tmp_path / "outside.safetensors")
    folder = _sharded(tmp_path, {"lm_head.weight": "model-1.safetensors"})
    os.symlink(target, folder / "model-1.safetensors")
    with pytest.raises(CheckpointFormatError, match="outside the checkpoint folder"):
        locate(str(folder))
    # …and a symlinked sub-folder that leads out as well
    folder2 = tmp_path / "ckpt2"
    folder2.mkdir()
    os.symlink(tmp_path, folder2 / "sub")
    (folder2 / "model.safetensors.index.json").write_text(
        json.dumps({"weight_map": {"lm_head.weight": "sub/outside.safetensors"}})
    )
    with pytest.raises(CheckpointFormatError, match="outside the checkpoint folder"):
        locate(str(folder2))


def test_index_shards_in_a_subfolder_and_symlinks_inside_are_fine(tmp_path: Path) -> None:
    folder = _sharded(tmp_path, {"lm_head.weight": "shards/a.safetensors", "x": "b.safetensors"})
    (folder / "shards").mkdir()
    _head_file(folder / "shards" / "a.safetensors")
    write_safetensors(folder / "real-b.safetensors", {"x": ("F32", np.ones(3))})
    os.symlink("real-b.safetensors", folder / "b.safetensors")
    loc = locate(str(folder))
    assert set(loc.tensors) == {"lm_head.weight", "x"}


def test_missing_shard(tmp_path: Path) -> None:
    folder = _sharded(tmp_path, {"lm_head.weight": "model-00001-of-00002.safetensors"})
    with pytest.raises(CheckpointFormatError, match="model-00001-of-00002.safetensors .*missing"):
        locate(str(folder))


def test_index_without_weight_map(tmp_path: Path) -> None:
    folder = tmp_path / "ckpt"
    folder.mkdir()
    (folder / "model.safetensors.index.json").write_text(json.dumps({"metadata": {}}))
    with pytest.raises(CheckpointFormatError, match="no weight_map"):
        locate(str(folder))


def test_missing_path() -> None:
    with pytest.raises(CheckpointNotFoundError, match="no such file or folder"):
        locate("/nonexistent/place/model.safetensors")


def test_folder_without_weights(tmp_path: Path) -> None:
    (tmp_path / "config.json").write_text("{}")
    with pytest.raises(CheckpointFormatError, match="holds no .safetensors"):
        locate(str(tmp_path))


def test_invalid_config_json(tmp_path: Path) -> None:
    _head_file(tmp_path / "model.safetensors")
    (tmp_path / "config.json").write_text("{oops")
    with pytest.raises(CheckpointFormatError, match="config .*not valid JSON"):
        locate(str(tmp_path))


# --- pickles: refused, never unpickled -----------------------------------------------------------


class _Boom:
    marker: Path

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (Path.touch, (self.marker,))


def _evil_pickle(path: Path, marker: Path) -> Path:
    boom = _Boom()
    boom.marker = marker
    path.write_bytes(pickle.dumps({"lm_head.weight": boom}))
    return path


@pytest.mark.parametrize("suffix", [".bin", ".pt", ".pkl", ".pth", ".ckpt"])
def test_pickle_files_refused(tmp_path: Path, suffix: str) -> None:
    marker = tmp_path / "UNPICKLED"
    p = _evil_pickle(tmp_path / f"model{suffix}", marker)
    with pytest.raises(UnsafeFormatError, match="never unpickles") as info:
        open_head(str(p))
    assert "safetensors" in (info.value.hint or "")
    assert not marker.exists()


def test_folder_with_only_pytorch_model_bin_refused(tmp_path: Path) -> None:
    marker = tmp_path / "UNPICKLED"
    folder = tmp_path / "hf"
    folder.mkdir()
    (folder / "config.json").write_text(json.dumps({"model_type": "gpt2"}))
    _evil_pickle(folder / "pytorch_model.bin", marker)
    with pytest.raises(UnsafeFormatError, match="pytorch_model.bin"):
        open_head(str(folder))
    assert not marker.exists()


def test_folder_with_safetensors_beside_a_pickle_uses_the_safetensors(tmp_path: Path) -> None:
    marker = tmp_path / "UNPICKLED"
    _evil_pickle(tmp_path / "pytorch_model.bin", marker)
    _head_file(tmp_path / "model.safetensors")
    head = open_head(str(tmp_path))
    assert head.weight.name == "lm_head.weight"
    assert not marker.exists()


# --- numpy -------------------------------------------------------------------------------------


def test_numpy_files(fixtures_dir: Path) -> None:
    head = open_head(str(fixtures_dir / "npy" / "head.npy"))
    assert head.kind == "numpy" and head.shape == (40, 8) and head.bias is None
    head = open_head(str(fixtures_dir / "npy" / "head.npz"))
    assert head.weight.name == "W" and head.bias is not None and head.bias.name == "b"
    with np.load(fixtures_dir / "npy" / "head.npz") as z:
        np.testing.assert_array_equal(head.matrix(), z["W"])
        np.testing.assert_array_equal(head.bias_vector(), z["b"])


def test_npz_with_keys_given(tmp_path: Path) -> None:
    rng = np.random.default_rng(0)
    np.savez(
        tmp_path / "m.npz",
        A=rng.standard_normal((5, 3)),
        B=rng.standard_normal((7, 3)),
        c=rng.standard_normal(7),
    )
    with pytest.raises(HeadNotFoundError, match="which one is the head") as info:
        open_head(str(tmp_path / "m.npz"))
    assert "--tensor" in (info.value.hint or "")
    head = open_head(str(tmp_path / "m.npz"), tensor="B", bias_tensor="c")
    assert head.shape == (7, 3) and head.bias is not None


def test_folder_of_numpy(tmp_path: Path) -> None:
    np.save(tmp_path / "W_U.npy", np.ones((4, 2), dtype=np.float32))
    loc = locate(str(tmp_path))
    assert loc.kind == "numpy" and loc.shapes == {"W_U": (4, 2)}


# --- the default checkpoint --------------------------------------------------------------------


def test_default_is_the_demo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    spec, how = default_checkpoint()
    assert Path(spec) == demo_path() and how == "the bundled demo model"
    head = open_head(None)
    assert head.weight.name == "lm_head.weight"
    assert head.default_note is not None and "bundled demo model" in head.default_note


def test_default_from_pyproject_relative_to_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "models").mkdir()
    _head_file(tmp_path / "models" / "mine.safetensors", v=9)
    (tmp_path / "pyproject.toml").write_text(
        '[tool.cosaudit]\ncheckpoint = "models/mine.safetensors"\n'
    )
    monkeypatch.chdir(tmp_path)
    spec, how = default_checkpoint()
    assert Path(spec) == tmp_path / "models" / "mine.safetensors"
    assert "[tool.cosaudit]" in how
    head = open_head(None)
    assert head.shape == (9, 3)
    assert "[tool.cosaudit]" in (head.default_note or "")


def test_pyproject_without_the_key_falls_back_to_the_demo(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "x"\n[tool.cosaudit]\nfail_on = []\n'
    )
    monkeypatch.chdir(tmp_path)
    assert Path(default_checkpoint()[0]) == demo_path()


def test_env_wins_over_pyproject(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _head_file(tmp_path / "env.safetensors", v=11)
    (tmp_path / "pyproject.toml").write_text(
        '[tool.cosaudit]\ncheckpoint = "nowhere.safetensors"\n'
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COSAUDIT_CHECKPOINT", str(tmp_path / "env.safetensors"))
    spec, how = default_checkpoint()
    assert how == "COSAUDIT_CHECKPOINT"
    head = open_head(None)
    assert head.shape == (11, 3) and "COSAUDIT_CHECKPOINT" in (head.default_note or "")


@pytest.mark.parametrize(
    "text, match",
    [
        ("[tool.cosaudit\ncheckpoint = 1", "not valid TOML"),
        ("[tool.cosaudit]\ncheckpoint = 3\n", "non-empty string"),
        ('[tool.cosaudit]\ncheckpoint = "  "\n', "non-empty string"),
    ],
)
def test_bad_pyproject(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, match: str
) -> None:
    (tmp_path / "pyproject.toml").write_text(text)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ConfigError, match=match):
        default_checkpoint()


def test_copied_demo_folder_is_found_like_any_folder(tmp_path: Path) -> None:
    shutil.copytree(demo_path(), tmp_path / "demo")
    head = open_head(str(tmp_path / "demo"))
    assert head.n_vocab == 237 and head.default_note is None
