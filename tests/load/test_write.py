"""Writing equivalent checkpoints: byte-identical elsewhere, consistent shards, provenance,
atomic."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import shutil
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest
from safetensors import safe_open
from safetensors.numpy import load_file, save_file

from cosaudit.core import symmetry as sym
from cosaudit.core.equivalent import Equivalent
from cosaudit.core.rescaling import rescale_pair
from cosaudit.errors import OutputError
from cosaudit.load import blocks, open_head, save_types
from cosaudit.load import write as wr
from cosaudit.load.tensors import read_safetensors_header

LABELS = [{"label": "a", "id": 1, "token": "a"}, {"label": "b", "id": 2, "token": "b"}]


def _save(head, eq, out, **kw):
    kw.setdefault("symmetry", eq.symmetry)
    kw.setdefault("labels", LABELS)
    kw.setdefault("target", -1.0)
    return wr.save_equivalent(head, eq, out, **kw)


def _tensor_bytes(path: Path) -> dict[str, bytes]:
    hdr = read_safetensors_header(path)
    with open(path, "rb") as fh:
        data = fh.read()
    return {n: data[e.begin : e.end] for n, e in hdr.entries.items()}


def _llama_like(folder: Path, *, tie: bool = True, sharded: bool = False, dtype=np.float32) -> Path:
    """A tiny checkpoint without position embeddings: tied embed_tokens + RMSNorm."""
    rng = np.random.default_rng(0)
    folder.mkdir(parents=True)
    emb = rng.standard_normal((50, 8)).astype(dtype)
    other = {
        "model.layers.0.mlp.weight": rng.standard_normal((8, 8)).astype(dtype),
        "model.norm.weight": rng.uniform(0.5, 1.5, 8).astype(dtype),
    }
    (folder / "config.json").write_text(
        json.dumps({"model_type": "llama", "tie_word_embeddings": tie})
    )
    (folder / "tokenizer_config.json").write_text("{}")
    tensors = {"model.embed_tokens.weight": emb, **other}
    if not tie:
        tensors["lm_head.weight"] = rng.standard_normal((50, 8)).astype(dtype)
    if sharded:
        a = {"model.embed_tokens.weight": emb}
        b = {k: v for k, v in tensors.items() if k != "model.embed_tokens.weight"}
        save_file(a, folder / "model-00001-of-00002.safetensors", metadata={"format": "pt"})
        save_file(b, folder / "model-00002-of-00002.safetensors", metadata={"format": "pt"})
        wm = {k: "model-00001-of-00002.safetensors" for k in a} | {
            k: "model-00002-of-00002.safetensors" for k in b
        }
        total = sum(v.nbytes for v in tensors.values())
        (folder / "model.safetensors.index.json").write_text(
            json.dumps({"metadata": {"total_size": total}, "weight_map": wm})
        )
    else:
        save_file(tensors, folder / "model.safetensors", metadata={"format": "pt"})
    return folder


def test_single_file_in_file_out(tmp_path, fixtures_dir):
    src = fixtures_dir / "demo-lm" / "model.safetensors"
    head = open_head(str(src))
    W = head.matrix()
    t = sym.translate_pair(W, 3, 7, -1.0)
    eq = Equivalent("translate", c=t.c)
    out = tmp_path / "flipped.safetensors"
    res = _save(head, eq, out, weight_f32=W)
    assert res.layout == "file" and out.is_file()
    before, after = _tensor_bytes(src), _tensor_bytes(out)
    assert set(before) == set(after)
    assert {n for n in before if before[n] != after[n]} == {"lm_head.weight"}
    # the stored head is exactly what the verifier verified
    np.testing.assert_array_equal(load_file(out)["lm_head.weight"], eq.stored_rows(W, "float32"))
    with safe_open(out, "np") as f:
        meta = f.metadata()
    assert meta["cosaudit.symmetry"] == "translate" and float(meta["cosaudit.target"]) == -1.0
    assert json.loads(meta["cosaudit.labels"]) == LABELS
    assert (
        meta["cosaudit.source_head_sha256"] == hashlib.sha256(before["lm_head.weight"]).hexdigest()
    )
    assert meta["cosaudit.version"]
    assert meta.get("format") == read_safetensors_header(src).metadata.get("format")


def test_gpt2_sharded_tie_kept(tmp_path, fixtures_dir):
    src = fixtures_dir / "gpt2-tiny-bf16"
    head = open_head(str(src))
    assert head.tied and head.position_embedding is not None
    W = head.matrix()
    t = sym.translate_pair(W, 10, 20, 1.0)
    eq = Equivalent("translate", c=t.c)
    out = tmp_path / "out"
    res = _save(head, eq, out, target=1.0)
    assert res.tie == "kept" and set(res.changed) == {
        "transformer.wte.weight",
        "transformer.wpe.weight",
    }
    # files: tokenizer/config byte-identical, index consistent
    for name in ("tokenizer.json", "config.json", "model.safetensors.index.json"):
        assert (out / name).read_bytes() == (src / name).read_bytes()
    index = json.loads((out / "model.safetensors.index.json").read_text())
    total = 0
    for shard in set(index["weight_map"].values()):
        hdr = read_safetensors_header(out / shard)
        total += sum(e.nbytes for e in hdr.entries.values())
        assert {n for n, s in index["weight_map"].items() if s == shard} == set(hdr.entries)
    assert index["metadata"]["total_size"] == total
    # untouched tensors byte-identical across both shards
    for shard in set(index["weight_map"].values()):
        a, b = _tensor_bytes(src / shard), _tensor_bytes(out / shard)
        assert {n for n in a if a[n] != b[n]} <= {
            "transformer.wte.weight",
            "transformer.wpe.weight",
        }
    new = {}
    for shard in set(index["weight_map"].values()):
        new.update(load_file(out / shard))
    wte = new["transformer.wte.weight"].astype(np.float64)
    wpe = new["transformer.wpe.weight"].astype(np.float64)
    wpe0 = head.position_embedding.read().astype(np.float64)
    # stored in the head's own dtype, exactly the verified rows: float32(W) + float32(c), rounded
    # to nearest-even bf16
    assert new["transformer.wte.weight"].dtype == ml_dtypes.bfloat16
    ref = (W + t.c.astype(np.float32)).astype(ml_dtypes.bfloat16).view(np.uint16)
    np.testing.assert_array_equal(new["transformer.wte.weight"].view(np.uint16), ref)
    np.testing.assert_array_equal(eq.stored_rows(W, "bfloat16").view(np.uint16), ref)
    # rows i, j: the target cosine up to bf16 rounding; input sums unchanged up to rounding
    assert sym.cosine(wte[10], wte[20]) == pytest.approx(1.0, abs=1e-2)
    err = (wte[:, None, :] + wpe[None, :, :]) - (
        W.astype(np.float64)[:, None, :] + wpe0[None, :, :]
    )
    assert np.abs(err).max() == pytest.approx(res.input_max_abs_diff, rel=1e-12)
    assert 0 < res.input_max_abs_diff < 0.05 * np.abs(W).max()


def test_gpt2_tie_kept_float32_is_exact_up_to_float32(tmp_path, fixtures_dir):
    head = open_head(str(fixtures_dir / "gpt2-tiny-bf16"))
    W = head.matrix()
    t = sym.translate_pair(W, 10, 20, -1.0)
    res = _save(head, Equivalent("translate", c=t.c), tmp_path / "o", dtype="float32")
    assert res.head_dtype == "float32"
    assert res.input_max_abs_diff < 1e-6 * (np.abs(W).max() + np.abs(t.c).max())


@pytest.mark.parametrize("sharded", [False, True])
def test_tied_without_positions_is_untied(tmp_path, sharded):
    src = _llama_like(tmp_path / "src", sharded=sharded)
    head = open_head(str(src))
    assert head.tied and head.position_embedding is None
    W = head.matrix()
    t = sym.translate_pair(W, 1, 2, 0.5)
    out = tmp_path / "out"
    res = _save(head, Equivalent("translate", c=t.c), out, target=0.5)
    assert res.tie == "untied" and res.head_tensor == "lm_head.weight"
    cfg = json.loads((out / "config.json").read_text())
    assert cfg["tie_word_embeddings"] is False
    assert (out / "tokenizer_config.json").read_bytes() == (
        src / "tokenizer_config.json"
    ).read_bytes()
    tensors = {}
    for f in out.glob("*.safetensors"):
        tensors.update(load_file(f))
    np.testing.assert_array_equal(tensors["model.embed_tokens.weight"], W)  # input untouched
    assert sym.cosine(tensors["lm_head.weight"][1], tensors["lm_head.weight"][2]) == pytest.approx(
        0.5, abs=1e-6
    )
    if sharded:
        index = json.loads((out / "model.safetensors.index.json").read_text())
        assert index["weight_map"]["lm_head.weight"] == "model-00001-of-00002.safetensors"
        assert index["metadata"]["total_size"] == sum(v.nbytes for v in tensors.values())
        # the shard without changes is byte-identical
        name = "model-00002-of-00002.safetensors"
        assert (out / name).read_bytes() == (src / name).read_bytes()
    assert open_head(str(out)).weight.name == "lm_head.weight"


def test_rescale_writes_norm_and_untied_head(tmp_path, fixtures_dir):
    head = open_head(str(fixtures_dir / "demo-lm"))
    W = head.matrix()
    mu = W.mean(axis=0)
    rs = rescale_pair(W[3] - mu, W[7] - mu, 0.0)
    eq = Equivalent("rescale", scale=rs.scale)
    out = tmp_path / "out"
    res = _save(head, eq, out, target=0.0)
    assert set(res.changed) == {"lm_head.weight", "model.norm.weight", "model.norm.bias"}
    new = load_file(out / "model.safetensors")
    old = load_file(fixtures_dir / "demo-lm" / "model.safetensors")
    np.testing.assert_allclose(
        new["model.norm.weight"], old["model.norm.weight"] * rs.scale, rtol=1e-6
    )
    np.testing.assert_allclose(
        new["model.norm.bias"], old["model.norm.bias"] * rs.scale, rtol=1e-6, atol=1e-7
    )
    np.testing.assert_allclose(new["lm_head.weight"], W / rs.scale, rtol=1e-6)
    Wn = new["lm_head.weight"].astype(np.float64)
    C = Wn - Wn.mean(axis=0)
    assert sym.cosine(C[3], C[7]) == pytest.approx(0.0, abs=1e-5)


def test_numpy_in_numpy_out(tmp_path, fixtures_dir):
    head = open_head(str(fixtures_dir / "npy" / "head.npy"))
    W = head.matrix()
    t = sym.translate_pair(W, 0, 1, -1.0)
    _save(head, Equivalent("translate", c=t.c), tmp_path / "o.npy")
    got = np.load(tmp_path / "o.npy")
    assert sym.cosine(got[0], got[1]) == pytest.approx(-1.0, abs=1e-6)


# --------------------------------------------------------------------------- refusals and failures


def _demo(tmp_path, fixtures_dir):
    head = open_head(str(fixtures_dir / "demo-lm"))
    W = head.matrix()
    return head, Equivalent("translate", c=sym.translate_pair(W, 3, 7, -1.0).c)


def test_refuses_inside_the_input(tmp_path, fixtures_dir):
    src = tmp_path / "src"
    shutil.copytree(fixtures_dir / "demo-lm", src)
    head = open_head(str(src))
    eq = Equivalent("translate", c=np.ones(head.dim))
    with pytest.raises(OutputError, match="inside the input"):
        _save(head, eq, src / "flipped")
    with pytest.raises(OutputError):
        _save(head, eq, src, force=True)
    assert sorted(p.name for p in src.iterdir()) == sorted(
        p.name for p in (fixtures_dir / "demo-lm").iterdir()
    )


def test_refuses_existing_without_force_and_replaces_with_force(tmp_path, fixtures_dir):
    head, eq = _demo(tmp_path, fixtures_dir)
    out = tmp_path / "out"
    out.mkdir()
    (out / "keep.txt").write_text("x")
    with pytest.raises(OutputError, match="already exists"):
        _save(head, eq, out)
    assert (out / "keep.txt").exists()
    _save(head, eq, out, force=True)
    assert not (out / "keep.txt").exists() and (out / "model.safetensors").is_file()


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.mark.parametrize("layout", ["folder", "file"])
def test_full_disk_leaves_nothing(tmp_path, fixtures_dir, monkeypatch, layout):
    head, eq = _demo(tmp_path, fixtures_dir)
    if layout == "file":
        head = open_head(str(fixtures_dir / "demo-lm" / "model.safetensors"))
    dest = tmp_path / "dest"
    dest.mkdir()
    calls = {"n": 0}
    real_write = os.write

    def full_disk(fd, data):
        calls["n"] += 1
        if calls["n"] >= 2:  # the header goes through, the first tensor block does not
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", full_disk)
    with pytest.raises(OSError) as exc:
        _save(head, eq, dest / ("out" if layout == "folder" else "out.safetensors"))
    assert exc.value.errno == errno.ENOSPC
    assert _leftovers(dest) == []


def test_full_disk_while_copying_untouched_tensors(tmp_path, fixtures_dir, monkeypatch):
    head = open_head(str(fixtures_dir / "gpt2-tiny-bf16"))
    W = head.matrix()
    eq = Equivalent("translate", c=sym.translate_pair(W, 10, 20, -1.0).c)

    def no_space(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "copy_file_range", no_space)
    with pytest.raises(OSError):
        _save(head, eq, tmp_path / "out")
    assert _leftovers(tmp_path) == []


def test_unwritable_folder_is_refused(tmp_path, fixtures_dir, monkeypatch):
    """Tests run as root, for whom chmod does not block writes: simulate the permission check."""
    head, eq = _demo(tmp_path, fixtures_dir)
    dest = tmp_path / "ro"
    dest.mkdir()
    import cosaudit.load.atomic as atomic

    monkeypatch.setattr(atomic.os, "access", lambda p, mode: False)
    with pytest.raises(OutputError, match="not writable"):
        _save(head, eq, dest / "out")
    assert _leftovers(dest) == []


def test_storage_dtype():
    assert save_types.storage_dtype("auto", "BF16") == "bfloat16"
    assert save_types.storage_dtype("auto", "F8_E4M3") == "float32"
    assert save_types.storage_dtype("float16", "F32") == "float16"


def test_incomplete_sharded_folder_is_refused(tmp_path):
    """A Hub snapshot may hold only the head's shard: refuse rather than write a broken index."""
    src = _llama_like(tmp_path / "src", sharded=True)
    head = open_head(str(src))
    W = head.matrix()
    eq = Equivalent("translate", c=sym.translate_pair(W, 1, 2, -1.0).c)
    (src / "model-00002-of-00002.safetensors").unlink()
    from cosaudit.errors import InputError

    with pytest.raises(InputError, match="not on disk"):
        _save(head, eq, tmp_path / "out")
    assert not (tmp_path / "out").exists()


# --------------------------------------------------------------------------- one read of the head


def test_iter_head_blocks_gives_unconverted_rows_and_hashes_them(tmp_path, monkeypatch):
    rng = np.random.default_rng(3)
    W = rng.standard_normal((300, 16)).astype(ml_dtypes.bfloat16)
    path = tmp_path / "m.safetensors"
    save_file({"lm_head.weight": W, "x": np.ones(3, np.float32)}, path)
    head = open_head(str(path))
    monkeypatch.setattr(blocks, "BLOCK_BYTES", 64 * 16 * 2)  # 64 rows a block: several blocks
    hasher = blocks.HeadHash(head.weight)
    starts, rows = [], []
    for start, blk in blocks.iter_head_blocks(head.weight, hasher=hasher):
        assert blk.dtype == ml_dtypes.bfloat16  # a view of the raw bytes, converted by the user
        starts.append(start)
        rows.append(blk.copy())
    assert starts == list(range(0, 300, 64))
    np.testing.assert_array_equal(np.concatenate(rows).view(np.uint16), W.view(np.uint16))
    e = read_safetensors_header(path).entries["lm_head.weight"]
    assert hasher.digest == hashlib.sha256(path.read_bytes()[e.begin : e.end]).hexdigest()
    # a hash not completed in order is taken by reading the bytes again
    partial = blocks.HeadHash(head.weight)
    partial.update(64, np.zeros(4, np.uint8))
    assert partial.result() == hasher.digest


def test_rows_produced_by_the_caller_are_written_and_checked_before_commit(tmp_path, fixtures_dir):
    """produce_head_rows: the caller computes (and verifies) the stored rows in the writer's own
    pass; the file is the same as the writer's own, and a failure before commit leaves nothing."""
    from cosaudit.core import verify as vf

    head = open_head(str(fixtures_dir / "gpt2-tiny-bf16"))
    W = head.matrix()
    eq = Equivalent("translate", c=sym.translate_pair(W, 10, 20, -1.0).c)
    plain = _save(head, eq, tmp_path / "plain")
    arrays = vf.HeadArrays(np.broadcast_to(np.float32(0), W.shape))
    probes = vf.probe_inputs(W.shape[1], 4, 0, None)
    sv = vf.StreamVerifier(arrays, [vf.Variant(eq, "bfloat16")], probes)
    seen = []

    def produce(start, rows, out):
        sv.add(start, rows, emit={0: out})
        seen.append(start)

    done = []
    res = _save(head, eq, tmp_path / "fused", produce_head_rows=produce,
                before_commit=lambda: done.append(sv.finish()))
    assert done and sv.rows_seen == W.shape[0] and res.head_dtype == plain.head_dtype
    for f in sorted(p.name for p in (tmp_path / "plain").iterdir()):
        assert (tmp_path / "fused" / f).read_bytes() == (tmp_path / "plain" / f).read_bytes(), f

    def fail():
        raise RuntimeError("verification failed")

    dest = tmp_path / "d"
    dest.mkdir()
    with pytest.raises(RuntimeError, match="verification failed"):
        _save(head, eq, dest / "o", before_commit=fail)
    assert _leftovers(dest) == []
