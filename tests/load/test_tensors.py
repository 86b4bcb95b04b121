"""safetensors / numpy readers: dtype conversion, reading only the rows asked for, and one
clear CheckpointFormatError for every kind of broken file."""

from __future__ import annotations

import json
import struct
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest
from ckptkit import encode, header_bytes, split_file, write_safetensors

from cosaudit.errors import CheckpointFormatError
from cosaudit.load import tensors as T


def _reader(path: Path, name: str) -> T.SafetensorsTensor:
    return T.SafetensorsTensor(T.read_safetensors_header(path).entries[name])


def _bits32(x: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(x, dtype=np.float32).view(np.uint32)


# --- dtypes ---------------------------------------------------------------------------------


def test_f32_and_f16_read_exactly(tmp_path: Path) -> None:
    rng = np.random.default_rng(1)
    a32 = rng.standard_normal((7, 5)).astype(np.float32)
    a16 = rng.standard_normal((6, 3)).astype(np.float16)
    p = write_safetensors(tmp_path / "m.safetensors", {"a": ("F32", a32), "b": ("F16", a16)})
    np.testing.assert_array_equal(_reader(p, "a").read(), a32)
    got = _reader(p, "b").read()
    assert got.dtype == np.float32
    np.testing.assert_array_equal(got, a16.astype(np.float32))


def test_f64_stays_float64_end_to_end(tmp_path: Path) -> None:
    """An exactly degenerate F64 design must not lose its degeneracy to float32 rounding."""
    a = np.array([[0.1, 1 / 3], [2 / 3, 1e-300], [np.pi, -np.e]], dtype=np.float64)
    p = write_safetensors(tmp_path / "m.safetensors", {"a": ("F64", a)})
    r = _reader(p, "a")
    for got in (r.read(), r.read_rows(0, 3), np.vstack([blk for _, blk in r.iter_blocks(2)])):
        assert got.dtype == np.float64
        np.testing.assert_array_equal(got, a)
    arr = T.ArrayTensor("x", a)
    assert arr.dtype == "F64" and arr.read().dtype == arr.read_rows(0, 1).dtype == np.float64
    np.testing.assert_array_equal(arr.read(), a)


def test_bf16_is_exact_and_matches_ml_dtypes_bit_for_bit(tmp_path: Path) -> None:
    rng = np.random.default_rng(2)
    x = (rng.standard_normal((9, 4)) * 10.0 ** rng.integers(-30, 30, (9, 4))).astype(np.float32)
    x[0, :4] = [np.inf, -np.inf, -0.0, 1e-40]  # specials and a bf16 subnormal
    bits = x.astype(ml_dtypes.bfloat16).view(np.uint16)
    p = write_safetensors(tmp_path / "m.safetensors", {"w": ("BF16", x)})
    got = _reader(p, "w").read()
    # exact: the float32 is the bf16 bit pattern shifted into the high half
    np.testing.assert_array_equal(_bits32(got), bits.astype(np.uint32) << 16)
    np.testing.assert_array_equal(
        _bits32(got), _bits32(bits.view(ml_dtypes.bfloat16).astype(np.float32))
    )


def test_bf16_nan_rows_stay_nan(tmp_path: Path) -> None:
    x = np.ones((3, 2), dtype=np.float32)
    x[1, 0] = np.nan
    p = write_safetensors(tmp_path / "m.safetensors", {"w": ("BF16", x)})
    got = _reader(p, "w").read()
    assert np.isnan(got[1, 0]) and np.isfinite(np.delete(got.ravel(), 2)).all()


@pytest.mark.parametrize(
    "dtype, np_type", [("F8_E4M3", ml_dtypes.float8_e4m3fn), ("F8_E5M2", ml_dtypes.float8_e5m2)]
)
def test_f8_every_bit_pattern_converts_like_ml_dtypes(
    tmp_path: Path, dtype: str, np_type: type
) -> None:
    patterns = np.arange(256, dtype=np.uint8).reshape(64, 4)
    expected = patterns.view(np_type).astype(np.float32)
    p = tmp_path / "f8.safetensors"
    header = {"w": {"dtype": dtype, "shape": [64, 4], "data_offsets": [0, 256]}}
    p.write_bytes(header_bytes(header) + patterns.tobytes())
    got = _reader(p, "w").read()
    nan = np.isnan(expected)
    assert nan.any()  # both formats have NaN encodings: they must come out as NaN
    np.testing.assert_array_equal(np.isnan(got), nan)
    np.testing.assert_array_equal(got[~nan], expected[~nan])
    assert np.isinf(got).any() == (dtype == "F8_E5M2")  # only E5M2 encodes infinities


def test_own_writer_matches_safetensors_for_f8(tmp_path: Path) -> None:
    """safetensors 0.8 can *save* F8 from ml_dtypes arrays: our byte writer agrees with it."""
    from safetensors.numpy import save_file

    x = np.linspace(-4, 4, 24, dtype=np.float32).reshape(6, 4).astype(ml_dtypes.float8_e4m3fn)
    save_file({"w": x}, str(tmp_path / "lib.safetensors"))
    write_safetensors(tmp_path / "own.safetensors", {"w": ("F8_E4M3", x)})
    lib_h, lib_data = split_file(tmp_path / "lib.safetensors")
    own_h, own_data = split_file(tmp_path / "own.safetensors")
    assert lib_h == own_h and lib_data == own_data
    np.testing.assert_array_equal(
        _reader(tmp_path / "lib.safetensors", "w").read(), x.astype(np.float32)
    )


def test_integer_tensor_is_refused_as_head(tmp_path: Path) -> None:
    p = write_safetensors(tmp_path / "m.safetensors", {"ids": ("I64", np.arange(6).reshape(3, 2))})
    with pytest.raises(CheckpointFormatError, match="not a float type"):
        _reader(p, "ids").read()


# --- reading only what is needed ---------------------------------------------------------------


def _spy_preadv(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    calls: list[tuple[int, int]] = []
    real = T.os.preadv

    def spy(fd, buffers, offset):  # type: ignore[no-untyped-def]
        n = real(fd, buffers, offset)
        calls.append((offset, n))
        return n

    monkeypatch.setattr(T.os, "preadv", spy)
    return calls


@pytest.mark.parametrize("dtype", ["F32", "BF16", "F16", "F8_E5M2"])
def test_read_rows_reads_only_those_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, dtype: str
) -> None:
    rng = np.random.default_rng(3)
    big = rng.standard_normal((50, 8)).astype(np.float32)
    w = rng.standard_normal((200, 16)).astype(np.float32)
    p = write_safetensors(tmp_path / "m.safetensors", {"big": ("F32", big), "w": (dtype, w)})
    r = _reader(p, "w")
    whole = r.read()
    calls = _spy_preadv(monkeypatch)
    rows = r.read_rows(37, 45)
    np.testing.assert_array_equal(rows, whole[37:45])
    row_bytes = 16 * T.ITEMSIZE[dtype]
    assert sum(n for _, n in calls) == 8 * row_bytes
    assert min(o for o, _ in calls) == r.entry.begin + 37 * row_bytes
    assert max(o + n for o, n in calls) == r.entry.begin + 45 * row_bytes


def test_read_rows_in_small_blocks_and_iter_blocks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = np.random.default_rng(4)
    w = rng.standard_normal((101, 6)).astype(np.float32)
    p = write_safetensors(tmp_path / "m.safetensors", {"w": ("BF16", w)})
    r = _reader(p, "w")
    whole = r.read()
    monkeypatch.setattr(T, "BLOCK_BYTES", 5 * 6 * 2)  # 5 rows per block: many partial blocks
    np.testing.assert_array_equal(r.read(), whole)
    np.testing.assert_array_equal(r.read_rows(3, 99), whole[3:99])
    seen = np.concatenate([blk.copy() for _, blk in r.iter_blocks(block_rows=7)])
    np.testing.assert_array_equal(seen, whole)
    assert [a for a, _ in r.iter_blocks(block_rows=40)] == [0, 40, 80]


def test_read_rows_out_of_range(tmp_path: Path) -> None:
    p = write_safetensors(tmp_path / "m.safetensors", {"w": ("F32", np.zeros((4, 2)))})
    with pytest.raises(IndexError):
        _reader(p, "w").read_rows(2, 5)


def test_one_dimensional_and_metadata(tmp_path: Path) -> None:
    b = np.arange(5, dtype=np.float32)
    p = write_safetensors(tmp_path / "m.safetensors", {"b": ("F16", b)}, metadata={"format": "pt"})
    h = T.read_safetensors_header(p)
    assert h.metadata == {"format": "pt"}
    np.testing.assert_array_equal(T.SafetensorsTensor(h.entries["b"]).read(), b)


# --- broken files: one CheckpointFormatError each -------------------------------------------


def _good(tmp_path: Path) -> Path:
    return write_safetensors(
        tmp_path / "good.safetensors", {"w": ("F32", np.arange(12, dtype=np.float32).reshape(4, 3))}
    )


def _with_header(
    tmp_path: Path, header: object, data: bytes, name: str = "bad.safetensors"
) -> Path:
    raw = json.dumps(header).encode()
    p = tmp_path / name
    p.write_bytes(struct.pack("<Q", len(raw)) + raw + data)
    return p


def _raises(path: Path, *needles: str) -> str:
    with pytest.raises(CheckpointFormatError) as info:
        T.read_safetensors_header(path)
    msg = str(info.value)
    assert str(path) in msg
    for n in needles:
        assert n in msg, (n, msg)
    assert info.value.hint
    return msg


def test_not_safetensors(tmp_path: Path) -> None:
    p = tmp_path / "notes.safetensors"
    p.write_text("these are my notes, not a model at all\n")
    _raises(p, "not a safetensors file")


def test_tiny_file(tmp_path: Path) -> None:
    p = tmp_path / "tiny.safetensors"
    p.write_bytes(b"\x01\x02")
    _raises(p, "not a safetensors file", "2 bytes")


def test_truncated_file(tmp_path: Path) -> None:
    good = _good(tmp_path)
    p = tmp_path / "cut.safetensors"
    p.write_bytes(good.read_bytes()[:-7])
    _raises(p, "truncated", "'w'")


def test_header_length_past_end(tmp_path: Path) -> None:
    raw = _good(tmp_path).read_bytes()
    p = tmp_path / "len.safetensors"
    p.write_bytes(struct.pack("<Q", 10_000) + raw[8:])
    _raises(p, "header length 10000", "past the end")


def test_offsets_outside_file(tmp_path: Path) -> None:
    header, data = split_file(_good(tmp_path))
    header["w"]["data_offsets"] = [0, 48 + 4096]
    header["w"]["shape"] = [4, 3 + 1024]
    _raises(_with_header(tmp_path, header, data), "ends at byte", "'w'")


def test_offsets_reversed(tmp_path: Path) -> None:
    header, data = split_file(_good(tmp_path))
    header["w"]["data_offsets"] = [40, 8]
    _raises(_with_header(tmp_path, header, data), "invalid shape or offsets")


def test_size_mismatch(tmp_path: Path) -> None:
    header, data = split_file(_good(tmp_path))
    header["w"]["shape"] = [5, 3]  # needs 60 bytes, has 48
    _raises(_with_header(tmp_path, header, data), "48 bytes", "needs 60")


def test_non_json_header(tmp_path: Path) -> None:
    p = tmp_path / "nj.safetensors"
    p.write_bytes(struct.pack("<Q", 12) + b"{not json!!}" + b"\0" * 16)
    _raises(p, "not JSON")


def test_header_not_an_object(tmp_path: Path) -> None:
    p = tmp_path / "arr.safetensors"
    p.write_bytes(struct.pack("<Q", 4) + b"[1,2]"[:4] + b"\0" * 4)
    _raises(p)
    # a JSON object is required: a list header gives a clear message too
    p2 = tmp_path / "list.safetensors"
    raw = b'{"a": 1}'
    p2.write_bytes(struct.pack("<Q", len(raw)) + raw)
    _raises(p2, "malformed header entry")


def test_unknown_dtype_and_bad_metadata(tmp_path: Path) -> None:
    header, data = split_file(_good(tmp_path))
    header["w"]["dtype"] = "F4_QQ"
    _raises(_with_header(tmp_path, header, data, "dt.safetensors"), "unknown dtype")
    header["w"]["dtype"] = "F32"
    header["__metadata__"] = ["not", "a", "dict"]
    _raises(_with_header(tmp_path, header, data, "meta.safetensors"), "__metadata__")


def test_truncation_after_header_check_is_caught_on_read(tmp_path: Path) -> None:
    """A file that shrinks after its header was read: the read itself reports it."""
    good = _good(tmp_path)
    r = _reader(good, "w")
    good.write_bytes(good.read_bytes()[:-10])
    with pytest.raises(CheckpointFormatError, match="truncated"):
        r.read()


# --- numpy ----------------------------------------------------------------------------------


def test_numpy_npy_and_npz(tmp_path: Path) -> None:
    w = np.arange(20, dtype=np.float64).reshape(5, 4)
    np.save(tmp_path / "head.npy", w)
    np.savez(tmp_path / "head.npz", W=w.astype(np.float16), b=np.arange(5, dtype=np.float32))
    one = T.load_numpy_tensors(tmp_path / "head.npy")
    assert list(one) == ["head"] and one["head"].dtype == "F64" and one["head"].shape == (5, 4)
    np.testing.assert_array_equal(one["head"].read(), w.astype(np.float32))
    np.testing.assert_array_equal(one["head"].read_rows(1, 3), w[1:3].astype(np.float32))
    two = T.load_numpy_tensors(tmp_path / "head.npz")
    assert sorted(two) == ["W", "b"] and two["W"].dtype == "F16"


class _Boom:
    """Unpickling this would create a marker file: the test proves it never happens."""

    marker: Path

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (Path.touch, (self.marker,))


@pytest.mark.parametrize("suffix", [".npy", ".npz"])
def test_numpy_object_arrays_refused_never_unpickled(tmp_path: Path, suffix: str) -> None:
    boom = _Boom()
    boom.marker = tmp_path / "UNPICKLED"
    arr = np.array([boom, 1], dtype=object)
    p = tmp_path / f"evil{suffix}"
    if suffix == ".npy":
        np.save(p, arr, allow_pickle=True)
    else:
        np.savez(p, W=arr)
    with pytest.raises(CheckpointFormatError, match="refusing to unpickle"):
        for t in T.load_numpy_tensors(p).values():
            t.read()
    assert not boom.marker.exists()


def test_numpy_garbage(tmp_path: Path) -> None:
    p = tmp_path / "x.npz"
    p.write_bytes(b"PK\x03\x04 definitely not a zip")
    with pytest.raises(CheckpointFormatError, match="not a valid numpy file"):
        T.load_numpy_tensors(p)
    q = tmp_path / "y.npy"
    q.write_bytes(b"\x93NUMPY garbage")
    with pytest.raises(CheckpointFormatError, match="not a valid numpy file"):
        T.load_numpy_tensors(q)


def test_encode_helper_roundtrip() -> None:
    """The test writer itself: bytes decode back to the same (rounded) values."""
    x = np.array([1.5, -2.0, 0.25], dtype=np.float32)
    assert np.frombuffer(encode(x, "F16"), dtype="<f2").tolist() == [1.5, -2.0, 0.25]


class _SpyMap:
    """Stands in for a memmap's mmap object: records the page ranges given back."""

    def __init__(self, real):
        self.real, self.calls = real, []

    def __len__(self) -> int:
        return len(self.real)

    def madvise(self, option, start, length):
        self.calls.append((option, start, length))


@pytest.mark.skipif(not hasattr(__import__("mmap"), "MADV_DONTNEED"), reason="no madvise on this platform")
def test_npy_read_gives_back_mapped_pages_as_it_copies(tmp_path: Path, monkeypatch) -> None:
    """A memory-mapped .npy is copied block by block and each copied block's pages are released, so
    the head is not resident twice; the copy is exact and the file untouched."""
    import mmap

    rng = np.random.default_rng(5)
    a = rng.standard_normal((5000, 64)).astype(np.float32)
    path = tmp_path / "w.npy"
    np.save(path, a)
    before = path.read_bytes()
    monkeypatch.setattr(T, "BLOCK_BYTES", 64 * 4 * 700)  # 700 rows a block: several blocks
    (tensor,) = T.load_numpy_tensors(path).values()
    spy = _SpyMap(tensor.array._mmap)
    tensor.array._mmap = spy
    np.testing.assert_array_equal(tensor.read(), a)
    np.testing.assert_array_equal(np.vstack([b for _, b in tensor.iter_blocks(1000)]), a)
    assert len(spy.calls) >= 8 + 4  # one per block copied: 8 in read(), 5 in iter_blocks(1000)
    ends = [start + length for _, start, length in spy.calls]
    assert all(op == mmap.MADV_DONTNEED and start == 0 for op, start, _ in spy.calls)
    assert all(e % mmap.PAGESIZE == 0 and e <= len(spy) for e in ends)
    assert max(ends) >= len(spy) - mmap.PAGESIZE  # by the end, (nearly) every page was given back
    assert path.read_bytes() == before
