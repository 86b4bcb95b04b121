"""`cosaudit similar`: the numbers are the same in every equivalent model (the point), the
hidden states come from where the report says, and bad input is one line with exit 2."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import numpy as np
import pytest
from ckptkit import assert_one_line_error, run_cli, run_json, tree_hashes, write_safetensors

from cosaudit.core.similar import HeadMath, apply_final_norm, pair_similarity
from cosaudit.load import open_head

NUMBERS = ("logprob_correlation", "cotop_rate", "runner_up_rate")
N_INPUTS = 300


def _states(tmp_path: Path, d: int, name: str = "x.npy", seed: int = 0, n: int = N_INPUTS) -> Path:
    x = 2.0 * np.random.default_rng(seed).standard_normal((n, d)) + 0.3
    np.save(tmp_path / name, x.astype(np.float32))
    return tmp_path / name


def _assert_same_numbers(a: dict, b: dict) -> None:
    for key in NUMBERS:
        x = np.array(a[key], dtype=float)
        y = np.array(b[key], dtype=float)
        np.testing.assert_array_equal(np.isnan(x), np.isnan(y), err_msg=key)
        np.testing.assert_allclose(np.nan_to_num(x), np.nan_to_num(y), atol=1e-5, err_msg=key)


# ----------------------------------------------------------------------------- the demo


def test_demo_uses_its_own_hidden_states(fixtures_dir: Path) -> None:
    rep = run_json("similar", fixtures_dir / "demo-lm", "--labels", "dog", "cat", "car")
    assert rep["schema"] == "cosaudit.similar/1"
    assert rep["n_inputs"] == 1400
    assert "hidden_states.npz" in rep["hidden_source"] and "layernorm" in rep["hidden_source"]
    assert [lab["label"] for lab in rep["labels"]] == ["dog", "cat", "car"]
    for key in (*NUMBERS, "cosine", "centered_cosine"):
        assert len(rep[key]) == 3 and all(len(row) == 3 for row in rep[key])
    r = np.array(rep["logprob_correlation"])
    np.testing.assert_allclose(r, r.T)
    assert rep["cosine_range"][0][1] == [-1.0, 1.0]
    # no CHECKPOINT: the bundled demo, the same numbers
    default = run_json("similar", "--labels", "dog", "cat", "car")
    _assert_same_numbers(rep, default)


def test_shipped_states_are_small_float32(fixtures_dir: Path) -> None:
    f = fixtures_dir / "demo-lm" / "hidden_states.npz"
    assert f.stat().st_size < 300_000
    with np.load(f, allow_pickle=False) as z:
        assert sorted(z.files) == ["hidden_states", "residual"]
        assert all(z[k].dtype == np.float32 and z[k].shape == (1400, 24) for k in z.files)


def test_demo_shipped_post_norm_states_agree_with_residuals(fixtures_dir: Path) -> None:
    """The shipped `hidden_states` (after the norm) and `residual` (before it) give the same numbers."""
    f = fixtures_dir / "demo-lm" / "hidden_states.npz"
    after = run_json("similar", fixtures_dir / "demo-lm", "--labels", "dog", "cat", "horse", "--hidden", f)
    before = run_json("similar", fixtures_dir / "demo-lm", "--labels", "dog", "cat", "horse",
                      "--hidden-before-norm", f)
    _assert_same_numbers(after, before)
    assert "before the final norm" in before["hidden_source"]


def test_label_against_the_vocabulary(fixtures_dir: Path) -> None:
    rep = run_json("similar", fixtures_dir / "demo-lm", "--label", "dog", "--k", "5", "--top", "5")
    assert rep["label"]["label"] == "dog" and rep["logprob_correlation"] is None
    nb = rep["neighbours"]
    assert len(nb) == 5 and all(e["id"] != rep["label"]["id"] for e in nb)
    rs = [e["logprob_correlation"] for e in nb]
    assert rs == sorted(rs, reverse=True)
    assert set(nb[0]) >= {"label", "id", "logprob_correlation", "cotop_rate", "runner_up_rate", "cosine"}
    # the same numbers as the matrix form for the first two neighbours
    pair = run_json("similar", fixtures_dir / "demo-lm", "--ids", str(rep["label"]["id"]), str(nb[0]["id"]),
                    str(nb[1]["id"]), "--top", "5")
    for a, key in ((0, "logprob_correlation"), (0, "cotop_rate"), (0, "runner_up_rate")):
        for c in (1, 2):
            want = pair[key][a][c]
            got = nb[c - 1][key]
            assert (want is None and got is None) or abs(want - got) < 1e-5, key
    cos = rep["cosine_neighbours"]
    assert [e["cosine"] for e in cos] == sorted((e["cosine"] for e in cos), reverse=True)


# ----------------------------------------------------------------------------- invariance


FLIPS = {  # fixture: (symmetries flip supports, hidden option)
    "demo-lm": (("translate", "rescale"), "--hidden-before-norm"),
    "gpt2-tiny-bf16": (("translate", "rescale"), "--hidden-before-norm"),
    "image-classifier": (("translate", "rescale"), "--hidden-before-norm"),
    "softcap": (("rescale",), "--hidden-before-norm"),
    "npy/head.npz": (("translate",), "--hidden"),
}


@pytest.mark.parametrize("fixture", sorted(FLIPS))
def test_numbers_are_the_same_in_every_flipped_equivalent(fixture: str, fixtures_dir: Path,
                                                          tmp_path: Path) -> None:
    symmetries, option = FLIPS[fixture]
    src = fixtures_dir / fixture
    d = open_head(str(src)).dim
    x = _states(tmp_path, d)
    ids = ["--ids", "5", "6", "7"]
    original = run_json("similar", src, *ids, option, x, "--top", "5")
    for sym in symmetries:
        for target in (-1, 1):
            out = tmp_path / f"{sym}{target}{'.npz' if fixture.endswith('.npz') else ''}"
            r = run_cli(["flip", src, "--ids", "5", "6", "--symmetry", sym, "--target", str(target),
                         "--dtype", "float32", "--save", out, "-f", "json"])
            assert r.exit_code == 0, r.stderr
            flipped = run_json("similar", out, *ids, option, x, "--top", "5")
            _assert_same_numbers(original, flipped)
            assert flipped["cosine"][0][1] == pytest.approx(target, abs=1e-3), (sym, target)
            assert abs(original["cosine"][0][1] - target) > 0.1


def test_sigmoid_fixture_has_no_equivalent_and_says_cosines_carry_information(fixtures_dir: Path,
                                                                               tmp_path: Path) -> None:
    src = fixtures_dir / "multilabel"
    for sym in ("translate", "rescale"):
        r = run_cli(["flip", src, "--ids", "1", "2", "--symmetry", sym, "--target", "-1"])
        assert r.exit_code == 2
    x = _states(tmp_path, open_head(str(src)).dim)
    rep = run_json("similar", src, "--ids", "1", "2", "3", "--hidden", x)
    assert rep["head_type"] == "sigmoid" and rep["threshold"] == 0.5
    assert rep["cosine_range"][0][1] is None  # no symmetry moves it
    assert any("Lemma 5.3" in n for n in rep["notes"])
    assert "fires" in rep["semantics"]["cotop_rate"]
    assert "cosines are fixed too" in rep["invariance"]
    softcap = run_json("similar", fixtures_dir / "softcap", "--ids", "5", "6", "--hidden",
                       _states(tmp_path, 16, name="s.npy"))
    assert "here: a rescaling" in softcap["invariance"] and "cap = 30" in " ".join(softcap["notes"])


# ----------------------------------------------------------------------------- before the norm


NORMS = {
    "layernorm": ({"model_type": "gpt2", "layer_norm_epsilon": 1e-5, "tie_word_embeddings": False},
                  {"transformer.ln_f.weight": "w", "transformer.ln_f.bias": "b"}, 0.0, 1e-5),
    "rmsnorm": ({"model_type": "llama", "rms_norm_eps": 1e-6, "tie_word_embeddings": False},
                {"model.norm.weight": "w"}, 0.0, 1e-6),
    "gemma": ({"model_type": "gemma2", "rms_norm_eps": 1e-6, "tie_word_embeddings": False},
              {"model.norm.weight": "w"}, 1.0, 1e-6),
}


def _norm_checkpoint(tmp_path: Path, kind: str) -> tuple[Path, np.ndarray, np.ndarray | None, float, float]:
    cfg, names, offset, eps = NORMS[kind]
    rng = np.random.default_rng(11)
    v, d = 40, 8
    tensors = {"lm_head.weight": ("F32", rng.standard_normal((v, d)))}
    w = 0.5 + rng.random(d)
    b = rng.standard_normal(d)
    for name, what in names.items():
        tensors[name] = ("F32", w if what == "w" else b)
    folder = tmp_path / kind
    folder.mkdir()
    write_safetensors(folder / "model.safetensors", tensors)
    (folder / "config.json").write_text(json.dumps(cfg))
    return folder, w.astype(np.float32), (b.astype(np.float32) if len(names) == 2 else None), offset, eps


@pytest.mark.parametrize("kind", sorted(NORMS))
def test_before_norm_equals_after_norm(kind: str, tmp_path: Path) -> None:
    folder, w, b, offset, eps = _norm_checkpoint(tmp_path, kind)
    x = np.load(_states(tmp_path, 8)).astype(np.float64)
    kind_core = "layernorm" if kind == "layernorm" else "rmsnorm"
    h = apply_final_norm(x, kind_core, w.astype(np.float64) + offset, b, eps)
    np.save(tmp_path / "h.npy", h)
    ids = ["--ids", "1", "2", "3", "4"]
    before = run_json("similar", folder, *ids, "--hidden-before-norm", tmp_path / "x.npy")
    after = run_json("similar", folder, *ids, "--hidden", tmp_path / "h.npy")
    _assert_same_numbers(before, after)
    assert f"eps {eps:g}" in before["hidden_source"]
    # and neither is the wrong norm: without the gain the numbers differ
    wrong = apply_final_norm(x, kind_core, None, None, eps)
    np.save(tmp_path / "wrong.npy", wrong)
    other = run_json("similar", folder, *ids, "--hidden", tmp_path / "wrong.npy")
    assert not np.allclose(np.array(other["logprob_correlation"], dtype=float),
                           np.array(after["logprob_correlation"], dtype=float), atol=1e-3)


# ----------------------------------------------------------------------------- undefined, said so


def test_never_predicted_label_is_undefined_not_zero(tmp_path: Path) -> None:
    rng = np.random.default_rng(2)
    W = rng.standard_normal((20, 5)).astype(np.float32)
    b = np.zeros(20, dtype=np.float32)
    b[4] = -1e3
    np.savez(tmp_path / "head.npz", W=W, b=b)
    x = _states(tmp_path, 5)
    rep = run_json("similar", tmp_path / "head.npz", "--tensor", "W", "--bias-tensor", "b", "--ids", "4", "0",
                   "--hidden", x)
    assert rep["top_counts"][0] == 0
    assert rep["runner_up_rate"][0][1] is None
    assert any("undefined" in n and "never the top prediction" in n for n in rep["notes"])
    text = run_cli(["similar", tmp_path / "head.npz", "--tensor", "W", "--bias-tensor", "b", "--ids", "4", "0",
                    "--hidden", x])
    assert "n/a" in text.stdout and "undefined" in text.stdout
    want = pair_similarity(HeadMath(W, b), np.load(x).astype(np.float64), [4, 0])
    assert rep["logprob_correlation"][0][1] == pytest.approx(want.correlation[0, 1], abs=1e-6)


# ----------------------------------------------------------------------------- formats


def test_formats(fixtures_dir: Path, tmp_path: Path) -> None:
    args = ["similar", fixtures_dir / "demo-lm", "--labels", "dog", "cat"]
    text = run_cli(args)
    assert text.exit_code == 0
    for word in ("logprob_correlation:", "cotop_rate:", "runner_up_rate:", "probability-preserving"):
        assert word in text.stdout
    md = run_cli([*args, "-f", "md"])
    assert md.stdout.startswith("# Behavioural similarity") and "| dog | cat |" in md.stdout
    r = run_cli([*args, "--label", "x"])
    assert_one_line_error(r, "--labels")
    out = tmp_path / "r.html"
    r = run_cli(["similar", fixtures_dir / "demo-lm", "--label", "dog", "-f", "html", "-o", out])
    assert r.exit_code == 0, r.stderr
    page = out.read_text()
    assert page.count("<img") == 2 and "cosaudit.similar/1" in page


def test_report_object(fixtures_dir: Path) -> None:
    from cosaudit.audit.similar import SimilarReport, load_hidden, run_similar
    from cosaudit.load import resolve_labels

    head = open_head(str(fixtures_dir / "demo-lm"))
    labels, _ = resolve_labels(head, ["dog", "cat"], [])
    rep = run_similar(head, load_hidden(head), labels)
    assert isinstance(rep, SimilarReport)
    assert rep.to_dict()["schema"] == "cosaudit.similar/1"
    json.dumps(rep.to_dict(), allow_nan=False)
    assert "_scatter" not in rep.to_dict()
    assert repr(rep).startswith("SimilarReport(labels=['dog', 'cat'], n_inputs=1400")
    assert "<table>" in rep._repr_html_()
    assert rep.to_markdown().startswith("# Behavioural similarity")
    with pytest.raises(AttributeError):
        rep.n_inputs = 3  # type: ignore[misc]


# ----------------------------------------------------------------------------- bad input


def _bad_files(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    rng = np.random.default_rng(0)
    np.save(tmp_path / "wide.npy", rng.standard_normal((10, 25)))
    np.save(tmp_path / "one.npy", rng.standard_normal((1, 24)))
    nan = rng.standard_normal((10, 24))
    nan[3, 2] = np.nan
    np.save(tmp_path / "nan.npy", nan)
    np.save(tmp_path / "pickled.npy", np.array([{"a": 1}, None], dtype=object), allow_pickle=True)
    (tmp_path / "pickled.pkl").write_bytes(pickle.dumps([1, 2]))
    return {
        "wide": (tmp_path / "wide.npy", "width 24"),
        "one": (tmp_path / "one.npy", "at least 2"),
        "nan": (tmp_path / "nan.npy", "NaN"),
        "pickled": (tmp_path / "pickled.npy", "pickle"),
        "pkl": (tmp_path / "pickled.pkl", ".npy or .npz"),
        "missing": (tmp_path / "nope.npy", "does not exist"),
    }


@pytest.mark.parametrize("case", ["wide", "one", "nan", "pickled", "pkl", "missing"])
@pytest.mark.parametrize("option", ["--hidden", "--hidden-before-norm"])
def test_bad_hidden_states(case: str, option: str, fixtures_dir: Path, tmp_path: Path) -> None:
    path, needle = _bad_files(tmp_path)[case]
    before = tree_hashes(tmp_path)
    r = run_cli(["similar", fixtures_dir / "demo-lm", "--labels", "dog", "cat", option, path])
    assert_one_line_error(r, needle)
    assert tree_hashes(tmp_path) == before


@pytest.mark.parametrize(
    "args, needle",
    [
        (["--labels", "dog", "cat", "--top", "238"], "--top 238"),
        (["--labels", "dog", "cat", "--top", "0"], "--top 0"),
        (["--labels", "dog"], "at least two"),
        ([], "--labels"),
        (["--labels", "dog", "cat", "--hidden", "a.npy", "--hidden-before-norm", "b.npy"], "not both"),
    ],
)
def test_bad_usage(args: list[str], needle: str, fixtures_dir: Path) -> None:
    assert_one_line_error(run_cli(["similar", fixtures_dir / "demo-lm", *args]), needle)


def test_no_hidden_states_and_no_norm(fixtures_dir: Path, tmp_path: Path) -> None:
    assert_one_line_error(run_cli(["similar", fixtures_dir / "npy" / "head.npy", "--ids", "1", "2"]),
                          "no hidden states")
    x = _states(tmp_path, 8)
    assert_one_line_error(run_cli(["similar", fixtures_dir / "npy" / "head.npy", "--ids", "1", "2",
                                   "--hidden-before-norm", x]), "needs a final norm")


def test_output_not_written_on_error(fixtures_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    r = run_cli(["similar", fixtures_dir / "demo-lm", "--labels", "dog", "cat", "--top", "999", "-o", out])
    assert r.exit_code == 2 and not out.exists()


# ----------------------------------------------------------------------------- flip and inspect


def test_flip_and_inspect_say_the_behavioural_similarity(fixtures_dir: Path, tmp_path: Path) -> None:
    demo = fixtures_dir / "demo-lm"
    sim = run_json("similar", demo, "--labels", "dog", "cat")
    r = sim["logprob_correlation"][0][1]
    flip = run_json("flip", demo, "--labels", "dog", "cat")
    (entry,) = flip["behaviour"]
    assert entry["labels"] == ["dog", "cat"] and entry["logprob_correlation"] == pytest.approx(r, abs=1e-6)
    assert entry["cosine_range"] == [-1.0, 1.0]
    line = f"dog / cat: cosine −1 … +1 across equivalent models; behavioural similarity r = {r:.2f} in all of them"
    assert line in run_cli(["flip", demo, "--labels", "dog", "cat"]).stdout
    md = run_cli(["inspect", demo, "--labels", "dog", "cat", "horse", "-f", "md"]).stdout
    assert line in md and md.count("behavioural similarity r = ") == 3
    # a checkpoint without states of its own: only with --hidden
    npy = fixtures_dir / "npy" / "head.npy"
    assert "behaviour" not in run_json("inspect", npy, "--ids", "1", "2")
    x = _states(tmp_path, 8)
    with_states = run_json("inspect", npy, "--ids", "1", "2", "--hidden", x)
    want = run_json("similar", npy, "--ids", "1", "2", "--hidden", x)["logprob_correlation"][0][1]
    assert with_states["behaviour"][0]["logprob_correlation"] == pytest.approx(want, abs=1e-6)
    assert_one_line_error(run_cli(["flip", npy, "--ids", "1", "2", "--hidden", tmp_path / "nope.npy"]),
                          "does not exist")


def test_flip_with_a_bad_hidden_file_saves_nothing(fixtures_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "flipped"
    r = run_cli(["flip", fixtures_dir / "demo-lm", "--labels", "dog", "cat", "--target", "-1", "--save", out,
                 "--hidden", _bad_files(tmp_path)["nan"][0]])
    assert_one_line_error(r, "NaN")
    assert not out.exists()


def test_check_and_inspect_point_to_similar(tmp_path: Path, fixtures_dir: Path) -> None:
    doc = tmp_path / "claim.md"
    doc.write_text('Because the unembeddings of "cat" and "dog" have cosine 0.81, the model predicts them '
                   "together.\n")
    r = run_cli(["check", doc])
    assert r.exit_code == 1 and "cosaudit similar" in r.stdout
    assert "cosaudit similar" in run_json("inspect", fixtures_dir / "demo-lm", "--labels", "dog", "cat")["verdict"][
        "instead"]


def test_shipped_states_without_residuals_are_used_as_they_are(fixtures_dir: Path, tmp_path: Path) -> None:
    """A checkpoint folder with only post-norm `hidden_states` in hidden_states.npz: not normed twice."""
    import shutil

    folder = tmp_path / "demo"
    shutil.copytree(fixtures_dir / "demo-lm", folder)
    with np.load(folder / "hidden_states.npz") as z:
        h = z["hidden_states"]
    np.savez(folder / "hidden_states.npz", hidden_states=h)
    own = run_json("similar", folder, "--labels", "dog", "cat", "horse")
    given = run_json("similar", fixtures_dir / "demo-lm", "--labels", "dog", "cat", "horse",
                     "--hidden", fixtures_dir / "demo-lm" / "hidden_states.npz")
    _assert_same_numbers(own, given)
    assert "residual" not in own["hidden_source"]


def test_a_rescaled_copy_of_the_demo_measures_on_its_own_states(fixtures_dir: Path, tmp_path: Path) -> None:
    """`flip --save` copies hidden_states.npz; its residuals go through the copy's own (rescaled)
    norm, so the copy reports the demo's numbers with no --hidden at all."""
    out = tmp_path / "rescaled"
    r = run_cli(["flip", fixtures_dir / "demo-lm", "--labels", "dog", "cat", "--symmetry", "rescale",
                 "--target", "-1", "--save", out])
    assert r.exit_code == 0, r.stderr
    original = run_json("similar", fixtures_dir / "demo-lm", "--labels", "dog", "cat", "car")
    copy = run_json("similar", out, "--labels", "dog", "cat", "car")
    _assert_same_numbers(original, copy)
    assert copy["cosine"][0][1] == pytest.approx(-1.0, abs=1e-3)
