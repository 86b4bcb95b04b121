"""The committed fixtures: rebuilt byte for byte by fixtures/build.py, loadable by the libraries
the loaders use, as described by fixtures/manifest.json, and a demo model that really learned."""

from __future__ import annotations

import hashlib
import json
import math
import os
import struct
import subprocess
import sys
from pathlib import Path

import ml_dtypes  # noqa: F401  (registers bfloat16 with numpy before safetensors reads)
import numpy as np
import pytest
from safetensors import safe_open
from tokenizers import Tokenizer

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "fixtures"
DEMO_IN_PACKAGE = REPO / "cosaudit" / "data" / "demo-lm"
MANIFEST = json.loads((FIXTURES / "manifest.json").read_text(encoding="utf-8"))
NAMES = sorted(MANIFEST["fixtures"])
FILES = [(name, f) for name in NAMES for f in sorted(MANIFEST["fixtures"][name]["files"])]
SAFETENSORS = [(n, f) for n, f in FILES if f.endswith(".safetensors")]
TOKENIZERS = {"demo-lm": "", "gpt2-tiny-bf16": "Ġ", "softcap": "▁"}  # fixture → word prefix
F8 = {"F8_E4M3": ml_dtypes.float8_e4m3fn, "F8_E5M2": ml_dtypes.float8_e5m2}
NP_DTYPES = {"F32": np.float32, "F16": np.float16, "BF16": ml_dtypes.bfloat16, **F8}


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def header(path: Path) -> tuple[dict, int]:
    """(JSON header, byte offset of the data) of a safetensors file, parsed by hand."""
    raw = path.read_bytes()
    (n,) = struct.unpack("<Q", raw[:8])
    return json.loads(raw[8 : 8 + n]), 8 + n


def read_tensor(path: Path, name: str) -> np.ndarray:
    """Any dtype (F8 included) → float64, from the raw bytes."""
    hdr, start = header(path)
    spec = hdr[name]
    a, b = spec["data_offsets"]
    raw = path.read_bytes()[start + a : start + b]
    return np.frombuffer(raw, dtype=NP_DTYPES[spec["dtype"]]).reshape(spec["shape"]).astype(
        np.float64
    )


def config(name: str) -> dict:
    return json.loads((FIXTURES / name / "config.json").read_text(encoding="utf-8"))


def centered_cos(w: np.ndarray, i: int, j: int) -> float:
    c = w - w.mean(axis=0)
    return float(c[i] @ c[j] / (np.linalg.norm(c[i]) * np.linalg.norm(c[j])))


# --- rebuilding -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def rebuilt(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("rebuilt")
    proc = subprocess.run(
        [sys.executable, str(FIXTURES / "build.py"), "--out", str(out)],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert proc.returncode == 0, proc.stderr
    return out


def test_rebuild_gives_identical_top_level_files(rebuilt: Path) -> None:
    for fname in ("corpus.txt", "manifest.json", "README.md"):
        assert (rebuilt / fname).read_bytes() == (FIXTURES / fname).read_bytes(), fname


@pytest.mark.parametrize("name", NAMES)
def test_rebuild_gives_identical_fixture(rebuilt: Path, name: str) -> None:
    built = sorted(p.name for p in (rebuilt / name).iterdir())
    committed = sorted(p.name for p in (FIXTURES / name).iterdir())
    assert built == committed
    for fname in committed:
        assert (rebuilt / name / fname).read_bytes() == (FIXTURES / name / fname).read_bytes(), (
            f"{name}/{fname} differs from a fresh build: run `python fixtures/build.py`"
        )


# --- the committed files against the manifest --------------------------------------------------


@pytest.mark.parametrize(("name", "fname"), FILES)
def test_committed_file_matches_manifest(name: str, fname: str) -> None:
    path = FIXTURES / name / fname
    entry = MANIFEST["fixtures"][name]["files"][fname]
    assert path.stat().st_size == entry["bytes"]
    assert sha256(path) == entry["sha256"]


def test_fixture_folders_hold_only_manifest_files() -> None:
    for name in NAMES:
        on_disk = sorted(p.name for p in (FIXTURES / name).iterdir())
        assert on_disk == sorted(MANIFEST["fixtures"][name]["files"]), name
    assert sha256(FIXTURES / "corpus.txt") == MANIFEST["corpus"]["sha256"]


def test_demo_model_ships_in_package_and_fixtures_links_to_it() -> None:
    link = FIXTURES / "demo-lm"
    assert link.is_symlink()
    assert not Path(os.readlink(link)).is_absolute(), "the symlink must be relative"
    assert link.resolve() == DEMO_IN_PACKAGE.resolve()
    assert (DEMO_IN_PACKAGE / "model.safetensors").is_file()


def test_fixtures_are_small() -> None:
    total = sum(p.stat().st_size for p in FIXTURES.rglob("*") if p.is_file())
    total += sum(p.stat().st_size for p in DEMO_IN_PACKAGE.rglob("*") if p.is_file())
    assert total < 2_000_000, total


# --- safetensors ---------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "fname"), SAFETENSORS)
def test_safetensors_header_matches_manifest_and_file(name: str, fname: str) -> None:
    path = FIXTURES / name / fname
    hdr, start = header(path)
    meta = hdr.pop("__metadata__", {})
    assert meta == {"format": "pt"}
    want = MANIFEST["fixtures"][name]["files"][fname]["tensors"]
    assert {k: {"dtype": v["dtype"], "shape": v["shape"]} for k, v in hdr.items()} == want
    spans = sorted(tuple(v["data_offsets"]) for v in hdr.values())
    assert spans[0][0] == 0 and spans[-1][1] == path.stat().st_size - start
    for (_, end), (begin, _) in zip(spans, spans[1:], strict=False):
        assert end == begin  # contiguous, no overlap
    for v in hdr.values():
        a, b = v["data_offsets"]
        itemsize = np.dtype(NP_DTYPES[v["dtype"]]).itemsize
        assert b - a == itemsize * math.prod(v["shape"])


@pytest.mark.parametrize(("name", "fname"), SAFETENSORS)
def test_safetensors_tensors_decode_finite(name: str, fname: str) -> None:
    path = FIXTURES / name / fname
    hdr, _ = header(path)
    has_f8 = any(v["dtype"] in F8 for k, v in hdr.items() if k != "__metadata__")
    if not has_f8:  # the numpy reader works once ml_dtypes is imported (design.md §5)
        with safe_open(str(path), framework="np") as f:
            for k in f.keys():
                arr = f.get_tensor(k)
                assert list(arr.shape) == hdr[k]["shape"]
                assert np.isfinite(arr.astype(np.float32)).all(), k
    for k in hdr:
        if k != "__metadata__":
            assert np.isfinite(read_tensor(path, k)).all(), k


def test_f8_fixture_covers_both_f8_types() -> None:
    hdr, _ = header(FIXTURES / "softcap" / "model.safetensors")
    assert hdr["model.embed_tokens.weight"]["dtype"] == "F8_E4M3"
    assert {v["dtype"] for k, v in hdr.items() if k != "__metadata__"} >= set(F8)


def test_bf16_to_float32_by_bit_shift_is_exact() -> None:
    path = FIXTURES / "gpt2-tiny-bf16" / "model-00002-of-00002.safetensors"
    hdr, start = header(path)
    a, b = hdr["transformer.wte.weight"]["data_offsets"]
    bits = np.frombuffer(path.read_bytes()[start + a : start + b], dtype="<u2")
    shifted = (bits.astype(np.uint32) << 16).view(np.float32)
    assert np.array_equal(shifted, read_tensor(path, "transformer.wte.weight").ravel())


# --- tokenizers ------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "prefix"), sorted(TOKENIZERS.items()))
def test_tokenizer_loads_and_holds_demo_words(name: str, prefix: str) -> None:
    tok = Tokenizer.from_file(str(FIXTURES / name / "tokenizer.json"))
    vocab = tok.get_vocab(with_added_tokens=True)
    for word in MANIFEST["demo_words"]:
        assert prefix + word in vocab, (name, word)
    enc = tok.encode("the dog sees the red car")
    assert [t for t in enc.tokens if t.lstrip("Ġ▁") in ("dog", "red", "car")] == [
        prefix + "dog", prefix + "red", prefix + "car"]
    assert tok.decode(enc.ids).strip() == "the dog sees the red car"


def test_tokenizers_split_unknown_words() -> None:
    """What label resolution meets: bare words in GPT-2 style, words outside the corpus."""
    gpt2 = Tokenizer.from_file(str(FIXTURES / "gpt2-tiny-bf16" / "tokenizer.json"))
    assert len(gpt2.encode("dog").tokens) > 1  # only "Ġdog" is one token
    assert len(gpt2.encode(" elephant").tokens) > 1
    softcap = Tokenizer.from_file(str(FIXTURES / "softcap" / "tokenizer.json"))
    assert len(softcap.encode("elephant").tokens) > 1
    demo = Tokenizer.from_file(str(FIXTURES / "demo-lm" / "tokenizer.json"))
    assert demo.encode("elephant").tokens == ["[UNK]"]


def test_tokenizer_sizes_against_configs() -> None:
    def n_tok(name: str) -> int:
        return Tokenizer.from_file(str(FIXTURES / name / "tokenizer.json")).get_vocab_size(
            with_added_tokens=True)

    assert n_tok("demo-lm") == config("demo-lm")["vocab_size"]
    assert n_tok("softcap") == config("softcap")["vocab_size"]
    gpt2 = config("gpt2-tiny-bf16")
    assert gpt2["vocab_size"] % 64 == 0 and gpt2["vocab_size"] > n_tok("gpt2-tiny-bf16")
    facts = MANIFEST["fixtures"]["gpt2-tiny-bf16"]["facts"]
    assert facts["padding_rows"] == [n_tok("gpt2-tiny-bf16"), gpt2["vocab_size"]]


# --- each fixture's promises -----------------------------------------------------------------


def test_gpt2_index_and_shards() -> None:
    folder = FIXTURES / "gpt2-tiny-bf16"
    index = json.loads((folder / "model.safetensors.index.json").read_text())
    cfg = config("gpt2-tiny-bf16")
    assert cfg["tie_word_embeddings"] is True and cfg["architectures"] == ["GPT2LMHeadModel"]
    seen, total = {}, 0
    for shard in sorted(set(index["weight_map"].values())):
        hdr, _ = header(folder / shard)
        hdr.pop("__metadata__")
        for k, v in hdr.items():
            seen[k] = shard
            total += v["data_offsets"][1] - v["data_offsets"][0]
    assert seen == index["weight_map"]
    assert index["metadata"]["total_size"] == total
    assert index["weight_map"]["transformer.wte.weight"] == "model-00002-of-00002.safetensors"
    d, inner = cfg["n_embd"], 4 * cfg["n_embd"]
    shapes = {k: v["shape"] for f in MANIFEST["fixtures"]["gpt2-tiny-bf16"]["files"].values()
              for k, v in f.get("tensors", {}).items()}
    assert shapes["transformer.wte.weight"] == [cfg["vocab_size"], d]
    assert shapes["transformer.wpe.weight"] == [cfg["n_positions"], d]
    assert shapes["transformer.h.0.attn.c_attn.weight"] == [d, 3 * d]  # Conv1D: [in, out]
    assert shapes["transformer.h.0.mlp.c_fc.weight"] == [d, inner]
    assert shapes["transformer.h.0.mlp.c_proj.weight"] == [inner, d]
    assert {v["dtype"] for f in MANIFEST["fixtures"]["gpt2-tiny-bf16"]["files"].values()
            for v in f.get("tensors", {}).values()} == {"BF16"}


@pytest.mark.parametrize(
    ("name", "fname", "tensor"),
    [("gpt2-tiny-bf16", "model-00002-of-00002.safetensors", "transformer.wte.weight"),
     ("softcap", "model.safetensors", "model.embed_tokens.weight")],
)
def test_demo_word_rows_are_distinct(name: str, fname: str, tensor: str) -> None:
    tok = Tokenizer.from_file(str(FIXTURES / name / "tokenizer.json"))
    w = read_tensor(FIXTURES / name / fname, tensor)
    ids = [tok.token_to_id(TOKENIZERS[name] + word) for word in MANIFEST["demo_words"]]
    rows = w[ids]
    gaps = np.linalg.norm(rows[:, None] - rows[None], axis=2)[np.triu_indices(len(ids), 1)]
    assert gaps.min() > 1e-3 * np.linalg.norm(rows, axis=1).mean()


def test_image_classifier_labels_and_affine_independence() -> None:
    cfg = config("image-classifier")
    labels = [cfg["id2label"][str(i)] for i in range(len(cfg["id2label"]))]
    assert {lab: i for i, lab in enumerate(labels)} == cfg["label2id"]
    path = FIXTURES / "image-classifier" / "model.safetensors"
    w = read_tensor(path, "classifier.weight")
    b = read_tensor(path, "classifier.bias")
    c, d = w.shape
    assert c == len(labels) == 16 and d == cfg["hidden_size"] == 24
    aug = np.hstack([w, b[:, None]])
    # V ≤ d + 1 with affinely independent rows: every label argmaxable, every pair tie-able.
    assert np.linalg.matrix_rank(aug[1:] - aug[0]) == c - 1
    assert header(path)[0]["classifier.weight"]["dtype"] == "F16"
    assert header(path)[0]["classifier.bias"]["dtype"] == "F32"


def test_multilabel_is_sigmoid_classifier() -> None:
    cfg = config("multilabel")
    assert cfg["problem_type"] == "multi_label_classification"
    w = read_tensor(FIXTURES / "multilabel" / "model.safetensors", "classifier.weight")
    b = read_tensor(FIXTURES / "multilabel" / "model.safetensors", "classifier.bias")
    assert w.shape == (len(cfg["id2label"]), cfg["dim"]) and b.shape == (len(cfg["id2label"]),)


def test_softcap_config() -> None:
    cfg = config("softcap")
    assert cfg["model_type"] == "gemma2" and cfg["final_logit_softcapping"] == 30.0
    assert cfg["tie_word_embeddings"] is True
    shapes = MANIFEST["fixtures"]["softcap"]["files"]["model.safetensors"]["tensors"]
    assert shapes["model.embed_tokens.weight"]["shape"] == [cfg["vocab_size"], cfg["hidden_size"]]
    assert shapes["model.norm.weight"] == {"dtype": "F32", "shape": [cfg["hidden_size"]]}


def test_npy_and_npz() -> None:
    w = np.load(FIXTURES / "npy" / "head.npy", allow_pickle=False)
    with np.load(FIXTURES / "npy" / "head.npz", allow_pickle=False) as z:
        assert sorted(z.files) == ["W", "b"]
        assert np.array_equal(z["W"], w) and z["b"].shape == (w.shape[0],)
    assert w.dtype == np.float32 and w.shape == (40, 8)


# --- the demo model learned --------------------------------------------------------------------


def demo_forward(ctx: np.ndarray) -> np.ndarray:
    """The forward pass written from config.json alone (independent of build.py)."""
    cfg = config("demo-lm")
    path = FIXTURES / "demo-lm" / "model.safetensors"
    with safe_open(str(path), framework="np") as f:
        t = {k: f.get_tensor(k).astype(np.float64) for k in f.keys()}
    x = t["model.embed_tokens.weight"][ctx].reshape(len(ctx), -1)
    u = np.tanh(x @ t["model.layers.0.mlp.up_proj.weight"].T + t["model.layers.0.mlp.up_proj.bias"])
    z = u @ t["model.layers.0.mlp.down_proj.weight"].T + t["model.layers.0.mlp.down_proj.bias"]
    z = (z - z.mean(1, keepdims=True)) / np.sqrt(z.var(1, keepdims=True) + cfg["layer_norm_eps"])
    h = z * t["model.norm.weight"] + t["model.norm.bias"]
    return h @ t["lm_head.weight"].T


def test_demo_model_loss_is_learned_and_recorded() -> None:
    cfg = config("demo-lm")
    assert cfg["tie_word_embeddings"] is False and cfg["final_norm"] == "layernorm"
    tok = Tokenizer.from_file(str(FIXTURES / "demo-lm" / "tokenizer.json"))
    k = cfg["context_size"]
    ctx, tgt = [], []
    for line in (FIXTURES / "corpus.txt").read_text(encoding="utf-8").splitlines():
        ids = [cfg["bos_token_id"]] * k + tok.encode(line).ids + [cfg["eos_token_id"]]
        assert cfg["unk_token_id"] not in ids
        ctx += [ids[t - k : t] for t in range(k, len(ids))]
        tgt += ids[k:]
    logits = demo_forward(np.array(ctx))
    logits -= logits.max(axis=1, keepdims=True)
    logp = logits - np.log(np.exp(logits).sum(axis=1, keepdims=True))
    loss = float(-logp[np.arange(len(tgt)), tgt].mean())
    assert loss < 0.3 * math.log(cfg["vocab_size"])
    assert loss == pytest.approx(cfg["training"]["final_loss_nats"], abs=1e-3)
    assert f"{loss:.4f}" in (FIXTURES / "demo-lm" / "README.md").read_text(encoding="utf-8")


def test_demo_model_cosines_are_learned() -> None:
    tok = Tokenizer.from_file(str(FIXTURES / "demo-lm" / "tokenizer.json"))
    w = read_tensor(FIXTURES / "demo-lm" / "model.safetensors", "lm_head.weight")
    i = {word: tok.token_to_id(word) for word in ("dog", "cat", "horse", "cow", "car", "bus",
                                                  "truck", "bike", "blue")}
    assert centered_cos(w, i["dog"], i["cat"]) > centered_cos(w, i["dog"], i["blue"])
    animals, vehicles = ["dog", "cat", "horse", "cow"], ["car", "bus", "truck", "bike"]
    within = np.mean([centered_cos(w, i[a], i[b]) for a in animals for b in animals if a < b]
                     + [centered_cos(w, i[a], i[b]) for a in vehicles for b in vehicles if a < b])
    across = np.mean([centered_cos(w, i[a], i[b]) for a in animals for b in vehicles])
    assert within > across + 0.2
