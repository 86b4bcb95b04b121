"""Hub repo ids against a real Hugging Face cache layout built in tmp (HF_HUB_OFFLINE=1 from
conftest: no test touches a network)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np
import pytest
from ckptkit import assert_one_line_error, make_hf_cache, run_cli, tree_hashes, write_safetensors

from cosaudit.errors import CheckpointFormatError, CheckpointNotFoundError, UnsafeFormatError
from cosaudit.load import open_head
from cosaudit.load.source import ShardTensor

COMMIT = "0123456789abcdef0123456789abcdef01234567"
OTHER = "fedcba9876543210fedcba9876543210fedcba98"
SHARD1 = "model-00001-of-00002.safetensors"  # norm, positions, blocks
SHARD2 = "model-00002-of-00002.safetensors"  # transformer.wte.weight (the tied head)
ALL = ["config.json", "tokenizer.json", "model.safetensors.index.json", SHARD1, SHARD2]


@pytest.fixture
def hf_home() -> Path:
    return Path(os.environ["HF_HOME"])


def _cache(hf_home: Path, fixtures_dir: Path, names: list[str], repo: str = "org/name") -> Path:
    src = fixtures_dir / "gpt2-tiny-bf16"
    return make_hf_cache(hf_home, repo, {n: (src / n).read_bytes() for n in names}, commit=COMMIT)


def test_layout_is_what_huggingface_hub_reads_offline(hf_home: Path, fixtures_dir: Path) -> None:
    """The hand-built cache behaves like a real one for huggingface_hub 2.x offline."""
    from huggingface_hub import hf_hub_download
    from huggingface_hub.errors import LocalEntryNotFoundError

    snap = _cache(hf_home, fixtures_dir, ALL)
    got = hf_hub_download("org/name", SHARD2, cache_dir=hf_home / "hub", local_files_only=True)
    assert Path(got) == snap / SHARD2 and Path(got).is_symlink()
    assert Path(got).read_bytes() == (fixtures_dir / "gpt2-tiny-bf16" / SHARD2).read_bytes()
    got = hf_hub_download(
        "org/name", "config.json", revision=COMMIT, cache_dir=hf_home / "hub", local_files_only=True
    )
    assert Path(got) == snap / "config.json"
    for repo, fname, rev in [
        ("org/name", "missing.json", None),
        ("org/absent", "config.json", None),
        ("org/name", "config.json", OTHER),
    ]:
        with pytest.raises(LocalEntryNotFoundError):
            hf_hub_download(
                repo, fname, revision=rev, cache_dir=hf_home / "hub", local_files_only=True
            )


def test_inspect_hub_repo_offline(hf_home: Path, fixtures_dir: Path) -> None:
    _cache(hf_home, fixtures_dir, ALL)
    before = tree_hashes(hf_home)
    r = run_cli(["inspect", "org/name", "--labels", "dog", "cat", "--format", "json"])
    assert r.exit_code == 0, r.stderr
    report = json.loads(r.stdout)
    c = report["checkpoint"]
    assert c["source"] == "org/name" and c["kind"] == "hub"
    assert c["revision"] == COMMIT
    assert (
        c["tensor"] == "transformer.wte.weight" and c["shape"] == [640, 32] and c["dtype"] == "BF16"
    )
    assert c["tied"] is True and c["padding_rows"] == 40
    assert [lab["token"] for lab in report["labels"]] == ["Ġdog", "Ġcat"]
    # the same numbers as the local folder
    local = json.loads(
        run_cli(
            [
                "inspect",
                fixtures_dir / "gpt2-tiny-bf16",
                "--labels",
                "dog",
                "cat",
                "--format",
                "json",
            ]
        ).stdout
    )
    assert report["cosine"] == local["cosine"] and report["summary"] == local["summary"]
    assert tree_hashes(hf_home) == before  # the cache is only read


@pytest.mark.parametrize("how", ["at", "option"])
def test_inspect_hub_repo_at_commit(hf_home: Path, fixtures_dir: Path, how: str) -> None:
    _cache(hf_home, fixtures_dir, ALL)
    args = (
        ["inspect", f"org/name@{COMMIT}"]
        if how == "at"
        else ["inspect", "org/name", "--revision", COMMIT]
    )
    r = run_cli([*args, "--format", "json"])
    assert r.exit_code == 0, r.stderr
    assert json.loads(r.stdout)["checkpoint"]["revision"] == COMMIT


def test_hub_repo_not_in_cache_offline(hf_home: Path, fixtures_dir: Path) -> None:
    r = run_cli(["inspect", "org/absent"])
    assert_one_line_error(r, "org/absent", "not in the local Hugging Face cache", "HF_HUB_OFFLINE")


def test_hub_revision_not_in_cache_offline(hf_home: Path, fixtures_dir: Path) -> None:
    _cache(hf_home, fixtures_dir, ALL)
    r = run_cli(["inspect", f"org/name@{OTHER}"])
    assert_one_line_error(r, f"org/name@{OTHER}", "not in the local Hugging Face cache")


def test_only_the_head_shard_in_cache_still_works(hf_home: Path, fixtures_dir: Path) -> None:
    """Only config, tokenizer, index and the shard holding the head are needed."""
    _cache(
        hf_home,
        fixtures_dir,
        ["config.json", "tokenizer.json", "model.safetensors.index.json", SHARD2],
    )
    r = run_cli(["inspect", "org/name", "--labels", "dog", "--format", "json"])
    assert r.exit_code == 0, r.stderr
    report = json.loads(r.stdout)
    assert report["checkpoint"]["tensor"] == "transformer.wte.weight"
    assert report["checkpoint"]["final_norm"]["weight"] == "transformer.ln_f.weight"
    assert any("transformer.ln_f.weight" in d and "not available" in d for d in report["detection"])
    # the norm is known by name; reading it needs its shard, which is not in the cache
    head = open_head("org/name")
    assert isinstance(head.final_norm.weight, ShardTensor)
    assert not head.final_norm.weight.in_cache()
    with pytest.raises(CheckpointNotFoundError, match=SHARD1):
        head.final_norm.gain()


def test_companion_shards_are_read_lazily(hf_home: Path, fixtures_dir: Path) -> None:
    _cache(hf_home, fixtures_dir, ALL)
    head = open_head("org/name")
    norm = head.final_norm.weight
    assert isinstance(norm, ShardTensor) and not norm.fetched and norm.in_cache()
    assert (
        head.position_embedding is not None
        and head.position_embedding.name == "transformer.wpe.weight"
    )
    local = open_head(str(fixtures_dir / "gpt2-tiny-bf16"))
    np.testing.assert_array_equal(head.final_norm.gain(), local.final_norm.gain())  # fetched now
    assert norm.fetched and norm.shape == (32,) and norm.dtype == "BF16"
    np.testing.assert_array_equal(head.position_embedding.read(), local.position_embedding.read())


def test_hub_index_naming_a_file_outside_is_refused(hf_home: Path) -> None:
    w = np.ones((4, 2), dtype=np.float32)
    tmp = hf_home.parent / "src"
    tmp.mkdir()
    write_safetensors(tmp / "x.safetensors", {"lm_head.weight": ("F32", w)})
    index = {"weight_map": {"lm_head.weight": "../x.safetensors"}}
    make_hf_cache(
        hf_home,
        "org/evil",
        {"model.safetensors.index.json": json.dumps(index).encode(), "config.json": b"{}"},
    )
    with pytest.raises(CheckpointFormatError, match="outside the checkpoint folder"):
        open_head("org/evil")
    r = run_cli(["inspect", "org/evil"])
    assert_one_line_error(r, "outside the checkpoint folder", "'../x.safetensors'")


def test_hub_single_file_repo(hf_home: Path, tmp_path: Path) -> None:
    w = np.random.default_rng(0).standard_normal((5, 3)).astype(np.float32)
    write_safetensors(tmp_path / "m.safetensors", {"classifier.weight": ("F32", w)})
    cfg = {"id2label": {str(i): f"c{i}" for i in range(5)}}
    make_hf_cache(
        hf_home,
        "org/clf",
        {
            "model.safetensors": (tmp_path / "m.safetensors").read_bytes(),
            "config.json": json.dumps(cfg).encode(),
        },
        commit=OTHER,
    )
    head = open_head("org/clf")
    assert head.revision == OTHER and head.kind == "hub"
    np.testing.assert_array_equal(head.matrix(), w)
    assert head.label_of(2) == "c2"


def test_hub_pickle_only_repo_refused(hf_home: Path) -> None:
    make_hf_cache(
        hf_home, "org/old", {"pytorch_model.bin": b"\x80\x04not really", "config.json": b"{}"}
    )
    with pytest.raises(UnsafeFormatError, match="never unpickles"):
        open_head("org/old")


def test_snapshot_folder_given_as_a_path(hf_home: Path, fixtures_dir: Path) -> None:
    """A snapshot folder's files are symlinks into blobs/: inside the checkpoint, not an escape."""
    snap = _cache(hf_home, fixtures_dir, ALL)
    head = open_head(str(snap))
    assert head.kind == "folder" and head.weight.name == "transformer.wte.weight"
    np.testing.assert_array_equal(head.matrix(), open_head(str(fixtures_dir / "gpt2-tiny-bf16")).matrix())
    # …but a snapshot symlink that leads elsewhere is still refused
    outside = hf_home.parent / "elsewhere.safetensors"
    outside.write_bytes((fixtures_dir / "gpt2-tiny-bf16" / SHARD1).read_bytes())
    (snap / SHARD1).unlink()
    os.symlink(outside, snap / SHARD1)
    with pytest.raises(CheckpointFormatError, match="outside the checkpoint folder"):
        open_head(str(snap))
