"""The paper's worked examples (paper-examples.json), reproduced by the symmetry code."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.special import softmax

from cosaudit.core import symmetry as sym
from cosaudit.core.rescaling import rescale_pair
from cosaudit.core.verify import Equivalent, HeadArrays, Variant, probe_inputs, verify_models


def _cos_matrix(W):
    n = np.linalg.norm(W, axis=1)
    return (W @ W.T) / np.outer(n, n)


@pytest.fixture
def unrestricted(paper_examples):
    return paper_examples["unrestricted"]


def test_translations_follow_the_paper_rule(unrestricted):
    W = np.array(unrestricted["W_model1"])
    i, j = unrestricted["labels_compared"]
    np.testing.assert_allclose(
        sym.paper_translation(W[i], W[j], -0.5), unrestricted["c_minus1"], atol=1e-15
    )
    np.testing.assert_allclose(
        sym.paper_translation(W[i], W[j], 0.5), unrestricted["c_plus1"], atol=1e-15
    )


def test_least_norm_translations_equal_the_papers(unrestricted):
    """Our least-norm choice (rows ≥ |δ|/2) gives exactly the paper's −1 and +1 translations."""
    W = np.array(unrestricted["W_model1"])
    i, j = unrestricted["labels_compared"]
    lo = sym.translate_pair(W, i, j, -1.0)
    hi = sym.translate_pair(W, i, j, 1.0)
    np.testing.assert_allclose(lo.c, unrestricted["c_minus1"], atol=1e-15)
    np.testing.assert_allclose(hi.c, unrestricted["c_plus1"], atol=1e-15)
    np.testing.assert_allclose(W + lo.c, unrestricted["W_minus1_model"], atol=1e-15)
    np.testing.assert_allclose(W + hi.c, unrestricted["W_plus1_model"], atol=1e-15)
    assert lo.cosine_before == pytest.approx(unrestricted["cos_01"]["model1"], abs=1e-15)
    assert lo.cosine_after == pytest.approx(unrestricted["cos_01"]["minus1_model"], abs=1e-15)
    assert hi.cosine_after == pytest.approx(unrestricted["cos_01"]["plus1_model"], abs=1e-15)


@pytest.mark.parametrize("key", ["model1", "minus1_model", "plus1_model"])
def test_cosine_matrices(unrestricted, key):
    W = {
        "model1": unrestricted["W_model1"],
        "minus1_model": unrestricted["W_minus1_model"],
        "plus1_model": unrestricted["W_plus1_model"],
    }[key]
    np.testing.assert_allclose(
        _cos_matrix(np.array(W)), unrestricted[f"cos_matrix_{key}"], atol=1e-6
    )


def test_probes_are_the_papers_embeddings(unrestricted):
    emb = unrestricted["embeddings_fig1a"]
    X = probe_inputs(2, emb["n"], emb["seed"], None)
    np.testing.assert_array_equal(X[:3], emb["first_three_rows"])
    np.testing.assert_allclose(X.mean(axis=0), emb["mean"], rtol=1e-12)
    W = np.array(unrestricted["W_model1"])
    counts = np.bincount(np.argmax(X @ W.T, axis=1), minlength=5)
    assert counts.tolist() == emb["argmax_label_counts_labels_0_to_4"]


def test_equal_probabilities_and_argmax(unrestricted):
    W = np.array(unrestricted["W_model1"])
    X = np.random.default_rng(seed=0).standard_normal((1000, 2))
    p0 = softmax(X @ W.T, axis=1)
    for key, wkey in (("minus1_model", "W_minus1_model"), ("plus1_model", "W_plus1_model")):
        p = softmax(X @ np.array(unrestricted[wkey]).T, axis=1)
        # the paper's figure, recomputed the paper's way
        assert (
            np.abs(p - p0).max()
            == unrestricted["checks"]["max_abs_softmax_prob_diff_vs_model1"][key]
        )
        assert (np.argmax(p, 1) == np.argmax(p0, 1)).all() == unrestricted["checks"][
            "same_argmax_on_all_1000_embeddings"
        ]
    # and by cosaudit's verifier, on the same 1000 embeddings (probe seed 0)
    checks = verify_models(
        HeadArrays(W),
        [
            Variant(Equivalent("translate", c=np.array(unrestricted[k])))
            for k in ("c_minus1", "c_plus1")
        ],
        n_probes=1000,
        seed=0,
    )
    for chk in checks:
        assert chk.n_probes == 1000 and chk.argmax_agree
        assert chk.max_abs_prob_diff <= 4 * np.finfo(np.float64).eps


def test_centered_example(paper_examples):
    ex = paper_examples["centered"]
    W = np.array(ex["W"], dtype=float)
    np.testing.assert_allclose(W.sum(axis=0), ex["row_sum"], atol=1e-15)
    np.testing.assert_allclose(np.linalg.norm(W, axis=1), ex["norms"], rtol=1e-15)
    assert sym.cosine(W[0], W[1]) == pytest.approx(ex["cos_01"], abs=1e-15)
    assert sym.cosine(W[1], W[2]) == pytest.approx(ex["cos_12"], abs=1e-15)
    assert sym.cosine(W[2], W[4]) == pytest.approx(ex["cos_24"], abs=1e-15)
    np.testing.assert_allclose(_cos_matrix(W), ex["cos_matrix"], atol=1e-6)
    # centering removes T: every translation leaves the centered cosines as they are ...
    t = sym.translate_pair(W, 2, 4, -1.0)
    W2 = W + t.c
    C2 = W2 - W2.mean(axis=0)
    np.testing.assert_allclose(_cos_matrix(C2), ex["cos_matrix"], atol=1e-6)
    assert sym.cosine(W2[2], W2[4]) == pytest.approx(-1.0, abs=1e-12)


def test_centered_unit_length_example(paper_examples):
    ex = paper_examples["centered_unit_length"]
    W = np.array(ex["W"], dtype=float)
    assert W.shape == (6, 2)
    assert ex["s"] == pytest.approx(np.sqrt(1 - 0.95**2), abs=1e-16)
    np.testing.assert_allclose(np.linalg.norm(W, axis=1), ex["norms"], rtol=1e-15)
    assert sym.cosine(W[0], W[1]) == pytest.approx(ex["cos_01"], abs=1e-15)
    assert sym.cosine(W[1], W[3]) == pytest.approx(ex["cos_13"], abs=1e-15)
    np.testing.assert_allclose(_cos_matrix(W), ex["cos_matrix"], atol=1e-6)
    # ... but S moves centered cosines: the centered unit-length pair (1, 3) at 0.805 moves too
    mu = W.mean(axis=0)
    res = rescale_pair(W[1] - mu, W[3] - mu, 0.0, w_i=W[1], w_j=W[3])
    assert res.reached and res.centered_cosine_after == pytest.approx(0.0, abs=1e-6)
    head = HeadArrays(W, gain=np.ones(2), norm_kind="rmsnorm")
    (chk,) = verify_models(head, [Variant(Equivalent("rescale", scale=res.scale))], n_probes=1000)
    assert chk.max_abs_prob_diff < 1e-14 and chk.argmax_agree
