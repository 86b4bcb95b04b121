"""open_object / equivalent_object / forward_check on numpy arrays, Heads and bad objects (no torch)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest

from cosaudit.core.symmetry import SymmetryRefusedError, cosine, translate_pair
from cosaudit.errors import DataError, LabelError, UsageError
from cosaudit.load import open_head, resolve_labels
from cosaudit.load.live import object_kind, open_object
from cosaudit.load.live_equivalent import equivalent_object, forward_check

REPO = Path(__file__).resolve().parents[2]


def _matrix(dtype=np.float32, v: int = 12, d: int = 5) -> np.ndarray:
    return np.random.default_rng(0).standard_normal((v, d)).astype(dtype)


@pytest.mark.parametrize(
    "dtype,name",
    [(np.float32, "F32"), (np.float64, "F64"), (np.float16, "F16"), (ml_dtypes.bfloat16, "BF16")],
)
def test_array_head_keeps_its_dtype_and_reads_float32(dtype, name):
    """Read as float32, except F64, which stays float64 end to end (the tolerance policy)."""
    A = _matrix(dtype)
    read_as = np.float64 if name == "F64" else np.float32
    head = open_object(A)
    facts = head.facts()
    assert (facts["kind"], facts["dtype"], facts["shape"], facts["path"]) == ("array", name, [12, 5], "<in memory>")
    assert head.weight.array.dtype == np.dtype(dtype)  # not converted when opened
    assert head.matrix().dtype == read_as
    np.testing.assert_array_equal(head.matrix(), A.astype(read_as))
    np.testing.assert_array_equal(head.rows([3, 0]), A[[3, 0]].astype(read_as))
    assert head.live is A and head.bias is None and head.final_norm is None and not head.tied
    assert head.head_type == "softmax" and "default" in head.head_type_reason


def test_array_head_is_a_view_that_cannot_write_into_the_input():
    A = _matrix()
    head = open_object(A)
    assert np.shares_memory(head.weight.array, A)  # no copy when opened
    with pytest.raises(ValueError):
        head.weight.array[0, 0] = 1.0
    assert A.flags.writeable  # the caller's array keeps its own flag


def test_integer_array_becomes_float64_and_says_so():
    head = open_object(np.eye(3, dtype=np.int64))
    assert head.weight.dtype == "F64"
    assert any("integer" in n for n in head.detection)


def test_bias_and_head_type():
    A = _matrix()
    b = np.arange(12, dtype=np.float32)
    head = open_object(A, bias=b, head_type="sigmoid")
    np.testing.assert_array_equal(head.bias_vector(), b)
    assert head.facts()["bias"] == "bias"
    assert head.head_type == "sigmoid" and head.head_type_reason == "head_type='sigmoid'"
    assert open_object(A, bias=b.reshape(1, 12)).bias_vector().shape == (12,)


@pytest.mark.parametrize(
    "kwargs,match",
    [
        ({"bias": np.zeros(11)}, "bias has shape \\[11\\] but the head has 12 rows"),
        ({"bias": np.zeros((3, 4))}, "bias has shape \\[3, 4\\]"),
        ({"bias": [0.0] * 12}, "bias must be a numpy array or a torch tensor, not list"),
        ({"tensor": "lm_head.weight"}, "tensor= names a parameter of a model"),
        ({"head_type": "softmaxx"}, "unknown head type 'softmaxx'"),
    ],
)
def test_bad_options(kwargs, match):
    with pytest.raises(UsageError, match=match) as info:
        open_object(_matrix(), **kwargs)
    assert info.value.hint


@pytest.mark.parametrize(
    "obj,err,match",
    [
        (np.zeros(5), UsageError, "2-D matrix .*shape \\[5\\]"),
        (np.zeros((2, 3, 4)), UsageError, "2-D matrix .*shape \\[2, 3, 4\\]"),
        (np.zeros((0, 4)), DataError, "shape \\[0, 4\\]: nothing to audit"),
        (np.zeros((3, 2), dtype=complex), UsageError, "dtype complex128, not a real number type"),
        (np.array([["a", "b"]]), UsageError, "not a real number type"),
        ([[1.0, 2.0], [3.0, 4.0]], UsageError, "object of type list"),
        ({"W": np.eye(2)}, UsageError, "object of type dict"),
        (None, UsageError, "object of type NoneType"),
        (object(), UsageError, "object of type object"),
        ("gpt2", UsageError, "not the path or Hub id 'gpt2'"),
        (REPO / "fixtures", UsageError, "not the path or Hub id"),
    ],
)
def test_bad_objects_name_their_type_and_what_is_accepted(obj, err, match):
    with pytest.raises(err, match=match) as info:
        open_object(obj)
    assert info.value.hint
    if "object of type" in match:
        assert "numpy array" in info.value.hint and "transformers" in info.value.hint
        assert "TransformerBridge" in info.value.hint


def test_a_head_is_returned_unchanged():
    head = open_head(None)  # the bundled demo model
    assert object_kind(head) == "head"
    assert open_object(head) is head


def test_tokenizer_names_the_rows():
    from tokenizers import Tokenizer, models, pre_tokenizers

    tok = Tokenizer(models.WordLevel({"<unk>": 0, "dog": 1, "cat": 2, "horse": 3}, unk_token="<unk>"))
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    head = open_object(_matrix(v=4), tokenizer=tok)
    assert head.n_vocab == 4 and head.label_of(2) == "cat"
    labels, _ = resolve_labels(head, ["dog", " horse"], [])
    assert [r.id for r in labels] == [1, 3]
    with pytest.raises(LabelError):
        resolve_labels(head, ["zebra"], [])
    with pytest.raises(UsageError, match="tokenizer= must be"):
        open_object(_matrix(v=4), tokenizer={"dog": 1})


def test_opening_an_array_never_imports_torch():
    code = (
        "import sys, numpy as np\n"
        "from cosaudit.load.live import open_object\n"
        "from cosaudit.load.live_equivalent import equivalent_object, forward_check\n"
        "from cosaudit.core.symmetry import translate_pair\n"
        "A = np.random.default_rng(0).standard_normal((6, 3))\n"
        "h = open_object(A)\n"
        "B = equivalent_object(A, h, translation=translate_pair(A, 0, 1, -1.0))\n"
        "forward_check(A, B)\n"
        "print('torch' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"})
    assert out.stdout.strip() == "False"


# --------------------------------------------------------------------------- equivalents


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("target", [-1.0, 1.0, 0.3])
def test_array_equivalent_reaches_the_target_and_keeps_probabilities(dtype, target):
    A = _matrix(dtype)
    before = A.tobytes()
    head = open_object(A)
    t = translate_pair(A.astype(np.float64), 2, 7, target)
    B = equivalent_object(A, head, translation=t)
    assert A.tobytes() == before  # the input is never modified
    assert type(B) is np.ndarray and B.dtype == A.dtype and B.shape == A.shape
    tol = 1e-12 if dtype == np.float64 else 1e-5
    assert cosine(B[2], B[7]) == pytest.approx(target, abs=tol)
    r = forward_check(A, B, ids_pair=(2, 7))
    assert r["max_abs_prob_diff"] < (1e-13 if dtype == np.float64 else 1e-5)
    assert r["argmax_agreement"] == 1.0 and r["positions"] == 64
    assert r["pair"]["cosine_equivalent"] == pytest.approx(target, abs=tol)
    assert r["pair"]["cosine_original"] == pytest.approx(cosine(A[2], A[7]), abs=1e-12)


def test_translation_given_as_a_plain_vector():
    A = _matrix(np.float64)
    c = -(A[0] + A[1]) / 2
    B = equivalent_object(A, open_object(A), translation=c)
    np.testing.assert_allclose(B, A + c, rtol=0, atol=0)
    assert cosine(B[0], B[1]) == pytest.approx(-1.0, abs=1e-12)


def test_forward_check_sees_a_model_that_is_not_equivalent():
    A = _matrix(np.float64)
    B = A.copy()
    B[3] += 1.0  # one row moved alone: not a symmetry
    r = forward_check(A, B)
    assert r["max_abs_prob_diff"] > 1e-3


@pytest.mark.parametrize(
    "kwargs,err,match",
    [
        ({}, UsageError, "exactly one of translation= and rescale="),
        ({"translation": np.zeros(5), "rescale": np.ones(5)}, UsageError, "exactly one"),
        ({"translation": np.zeros(4)}, UsageError, "must be 5 finite numbers"),
        ({"translation": np.array([0, 0, np.nan, 0, 0])}, UsageError, "finite"),
        ({"translation": "up"}, UsageError, "vector of 5 numbers, not str"),
        ({"rescale": np.ones(5)}, SymmetryRefusedError, "rescaling needs a final norm"),
    ],
)
def test_equivalent_object_refuses_bad_transforms(kwargs, err, match):
    A = _matrix()
    with pytest.raises(err, match=match):
        equivalent_object(A, open_object(A), **kwargs)


def test_translation_is_refused_on_a_sigmoid_head():
    A = _matrix()
    with pytest.raises(SymmetryRefusedError, match="sigmoid"):
        equivalent_object(A, open_object(A, head_type="sigmoid"), translation=np.zeros(5))


def test_equivalent_object_refuses_heads_from_files_and_unknown_objects():
    head = open_head(None)
    c = np.zeros(head.dim)
    with pytest.raises(UsageError, match="no in-memory object") as info:
        equivalent_object(head, head, translation=c)
    assert "save" in info.value.hint
    with pytest.raises(UsageError, match="object of type list"):
        equivalent_object([[0.0] * head.dim], head, translation=c)


def test_forward_check_refuses_mismatched_objects():
    A = _matrix()
    with pytest.raises(UsageError, match="cannot compare"):
        forward_check(A, [[0.0]])
    with pytest.raises(UsageError, match="differ in shape"):
        forward_check(A, A[:5])
    with pytest.raises(UsageError, match="out of range"):
        forward_check(A, A, ids_pair=(0, 12))
