"""End to end with transformers: build tiny GPT-2 / Llama models, flip them with cosaudit, load
the results with transformers, and compare next-token probabilities on real token sequences."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

from click.testing import CliRunner  # noqa: E402

from cosaudit.cli import cli  # noqa: E402

pytestmark = pytest.mark.integration

SENTENCES = [
    "the dog chased the cat across the garden",
    "a cat sat on the warm mat near the dog",
    "the horse and the cow walked to the red barn",
    "my blue car is parked next to the old house",
    "the small bird sang while the dog slept",
]
# probabilities of two float32 forward passes of the same tiny model differ by ~1e-7; the
# translation adds c·h to every logit (|c·h| up to ~10 here), so allow a few float32 ulps of that
PROB_TOL = 2e-5


def _tokenizer(folder: Path):
    from tokenizers import Tokenizer, models, pre_tokenizers, trainers

    tok = Tokenizer(models.WordLevel(unk_token="<unk>"))
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    trainer = trainers.WordLevelTrainer(special_tokens=["<unk>", "<eos>"])
    tok.train_from_iterator(SENTENCES * 3, trainer)
    fast = transformers.PreTrainedTokenizerFast(
        tokenizer_object=tok, unk_token="<unk>", eos_token="<eos>"
    )
    fast.save_pretrained(folder)
    return fast


def _build(kind: str, folder: Path, *, tie: bool = True):
    torch.manual_seed(0)
    tok = _tokenizer(folder)
    vocab = len(tok)
    if kind == "gpt2":
        cfg = transformers.GPT2Config(
            vocab_size=vocab,
            n_positions=32,
            n_embd=32,
            n_layer=2,
            n_head=2,
            tie_word_embeddings=tie,
        )
        model = transformers.GPT2LMHeadModel(cfg)
    else:
        cfg = transformers.LlamaConfig(
            vocab_size=vocab,
            hidden_size=32,
            intermediate_size=64,
            num_hidden_layers=2,
            num_attention_heads=2,
            num_key_value_heads=2,
            max_position_embeddings=32,
            tie_word_embeddings=tie,
        )
        model = transformers.LlamaForCausalLM(cfg)
    with torch.no_grad():  # make the final norm non-trivial so that it matters
        norm = model.transformer.ln_f if kind == "gpt2" else model.model.norm
        norm.weight.mul_(torch.linspace(0.5, 1.5, norm.weight.shape[0]))
        if getattr(norm, "bias", None) is not None:
            norm.bias.add_(0.1)
    model.eval()
    model.save_pretrained(folder, safe_serialization=True)
    return model, tok


def _probs(model, tok) -> np.ndarray:
    out = []
    with torch.no_grad():
        for s in SENTENCES:
            ids = torch.tensor([tok(s)["input_ids"]])
            logits = model(ids).logits[0].double()
            out.append(torch.softmax(logits, dim=-1).numpy())
    return np.concatenate(out)


def _flip(src: Path, out: Path, *extra: str) -> dict:
    r = CliRunner().invoke(
        cli,
        [
            "flip",
            str(src),
            "--labels",
            "dog",
            "cat",
            "--save",
            str(out),
            "--format",
            "json",
            *extra,
        ],
    )
    assert r.exit_code == 0, r.stderr
    return json.loads(r.stdout)


def _load(out: Path):
    auto = transformers.AutoModelForCausalLM
    try:  # transformers >= 4.56 calls it `dtype`, older releases `torch_dtype`
        return auto.from_pretrained(out, dtype=torch.float32).eval()
    except TypeError:
        return auto.from_pretrained(out, torch_dtype=torch.float32).eval()


def _cos(u, v) -> float:
    u, v = u.detach().double(), v.detach().double()
    return float(u @ v / (u.norm() * v.norm()))


@pytest.mark.parametrize("target", ["-1", "1", "0.25"])
def test_gpt2_tied_translation_keeps_the_tie(tmp_path, target):
    model, tok = _build("gpt2", tmp_path / "src")
    report = _flip(tmp_path / "src", tmp_path / "out", "--target", target, "--dtype", "float32")
    m = report["models"][0]
    assert m["save"]["tie"] == "kept"
    flipped = _load(tmp_path / "out")
    assert flipped.config.tie_word_embeddings is True
    i, j = (tok.convert_tokens_to_ids(w) for w in ("dog", "cat"))
    W = flipped.get_output_embeddings().weight
    assert W.data_ptr() == flipped.get_input_embeddings().weight.data_ptr()  # still tied
    assert _cos(W[i], W[j]) == pytest.approx(float(target), abs=1e-5)
    assert _cos(model.lm_head.weight[i], model.lm_head.weight[j]) == pytest.approx(
        report["original"]["cosine"], abs=1e-6
    )
    p0, p1 = _probs(model, tok), _probs(flipped, tok)
    assert np.abs(p0 - p1).max() < PROB_TOL
    assert (p0.argmax(1) == p1.argmax(1)).all()
    # every other tensor byte-identical
    from safetensors.numpy import load_file

    a, b = (
        load_file(tmp_path / "src" / "model.safetensors"),
        load_file(tmp_path / "out" / "model.safetensors"),
    )
    assert set(a) == set(b)
    changed = {k for k in a if a[k].tobytes() != b[k].tobytes()}
    assert changed == {"transformer.wte.weight", "transformer.wpe.weight"}


@pytest.mark.parametrize("tie", [True, False])
def test_llama_translation(tmp_path, tie):
    model, tok = _build("llama", tmp_path / "src", tie=tie)
    report = _flip(tmp_path / "src", tmp_path / "out", "--target", "-1")
    assert report["models"][0]["save"]["tie"] == ("untied" if tie else "none")
    flipped = _load(tmp_path / "out")
    assert flipped.config.tie_word_embeddings is False
    i, j = (tok.convert_tokens_to_ids(w) for w in ("dog", "cat"))
    W = flipped.lm_head.weight
    assert _cos(W[i], W[j]) == pytest.approx(-1.0, abs=1e-5)
    # the input embedding is the original one
    assert torch.equal(flipped.model.embed_tokens.weight, model.model.embed_tokens.weight)
    p0, p1 = _probs(model, tok), _probs(flipped, tok)
    assert np.abs(p0 - p1).max() < PROB_TOL
    assert report["models"][0]["saved_max_abs_prob_diff"] < 1e-5


def test_llama_rescale_moves_the_centered_cosine(tmp_path):
    model, tok = _build("llama", tmp_path / "src", tie=True)
    report = _flip(tmp_path / "src", tmp_path / "out", "--target", "-0.5", "--symmetry", "rescale")
    m = report["models"][0]
    flipped = _load(tmp_path / "out")
    i, j = (tok.convert_tokens_to_ids(w) for w in ("dog", "cat"))
    W = flipped.lm_head.weight.double()
    C = W - W.mean(0)
    assert _cos(C[i], C[j]) == pytest.approx(m["centered_cosine"], abs=1e-5)
    assert abs(m["centered_cosine"] - report["original"]["centered_cosine"]) > 0.05
    p0, p1 = _probs(model, tok), _probs(flipped, tok)
    assert np.abs(p0 - p1).max() < PROB_TOL


@pytest.mark.parametrize("symmetry,target", [("translate", "-1"), ("rescale", "-0.3")])
def test_bf16_fixture_rounding_matches_the_reported_figure(
    tmp_path, fixtures_dir, symmetry, target
):
    """Stored in bf16, the flipped model is not exact: the real model's |Δp| on real text is of
    the order cosaudit reports from its probes (within 10×), and far below the probabilities."""
    from tokenizers import Tokenizer

    src = fixtures_dir / "gpt2-tiny-bf16"
    report = _flip(src, tmp_path / "out", "--target", target, "--symmetry", symmetry)
    m = report["models"][0]
    assert m["saved_dtype"] == "bfloat16" and m["saved_max_abs_prob_diff"] > 0
    tok = Tokenizer.from_file(str(src / "tokenizer.json"))
    a = _load(src)
    b = _load(tmp_path / "out")
    worst = 0.0
    with torch.no_grad():
        for s in SENTENCES:
            ids = torch.tensor([tok.encode(s).ids])
            pa = torch.softmax(a(ids).logits.double(), -1)
            pb = torch.softmax(b(ids).logits.double(), -1)
            worst = max(worst, float((pa - pb).abs().max()))
    assert worst < 10 * m["saved_max_abs_prob_diff"]
    assert worst < 1e-2
