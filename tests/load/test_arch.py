"""Where each architecture keeps its head, bias, tying, final norm, soft-capping, head type."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from ckptkit import write_safetensors

from cosaudit.errors import HeadNotFoundError, UsageError
from cosaudit.load import open_head
from cosaudit.load.arch import detect, head_candidates, text_config

V, D = 50, 8
BLOCKS = {  # hidden tensors every model has; none of them is a head
    "model.layers.0.mlp.fc.weight": (V, D),  # same shape as a head, on purpose
    "layers.0.mlp.fc.weight": (D, V),
    "model.layers.0.self_attn.q_proj.weight": (D, D),
    "model.layers.0.input_layernorm.weight": (D,),
}


@pytest.mark.parametrize(
    "name",
    [
        "lm_head.weight",
        "embed_out.weight",
        "output.weight",
        "model.transformer.ff_out.weight",
        "classifier.weight",
        "classifier.1.weight",
        "fc.weight",
        "head.weight",
        "cls.predictions.decoder.weight",
        "language_model.lm_head.weight",
        "model.language_model.lm_head.weight",
        "score.weight",
    ],
)
def test_output_matrix_names(name: str) -> None:
    shapes = {**BLOCKS, name: (V, D), "model.embed_tokens.weight": (V, D)}
    layout = detect(shapes, {})
    assert layout is not None and layout.weight == name
    assert layout.tied is False


def test_last_numbered_classifier_layer_is_the_head() -> None:
    shapes = {
        "classifier.0.weight": (64, D),
        "classifier.3.weight": (64, 64),
        "classifier.6.weight": (V, 64),
    }
    layout = detect(shapes, {})
    assert layout is not None and layout.weight == "classifier.6.weight"


def test_hidden_fc_is_not_a_head() -> None:
    assert detect(BLOCKS, {}) is None
    assert head_candidates(BLOCKS) == []


@pytest.mark.parametrize(
    "emb, pos",
    [
        ("transformer.wte.weight", "transformer.wpe.weight"),
        ("model.embed_tokens.weight", None),
        ("gpt_neox.embed_in.weight", None),
        ("bert.embeddings.word_embeddings.weight", "bert.embeddings.position_embeddings.weight"),
    ],
)
def test_tied_heads_without_output_matrix(emb: str, pos: str | None) -> None:
    shapes = {**BLOCKS, emb: (V, D)}
    if pos:
        shapes[pos] = (16, D)
    layout = detect(shapes, {"tie_word_embeddings": True})
    assert layout is not None
    assert (layout.weight, layout.tied, layout.tied_to, layout.position) == (emb, True, emb, pos)


def test_tied_config_with_both_copies_stored() -> None:
    shapes = {"lm_head.weight": (V, D), "model.embed_tokens.weight": (V, D)}
    layout = detect(shapes, {"tie_word_embeddings": True})
    assert layout is not None
    assert (
        layout.weight == "lm_head.weight"
        and layout.tied
        and layout.tied_to == "model.embed_tokens.weight"
    )
    untied = detect(shapes, {"tie_word_embeddings": False})
    assert untied is not None and not untied.tied


@pytest.mark.parametrize(
    "head, bias, shape",
    [
        ("lm_head.weight", "lm_head.bias", (V,)),
        ("lm_head.weight", "final_logits_bias", (1, V)),
        ("model.lm_head.weight", "model.final_logits_bias", (1, V)),
        ("classifier.weight", "classifier.bias", (V,)),
        ("cls.predictions.decoder.weight", "cls.predictions.bias", (V,)),
    ],
)
def test_output_bias(head: str, bias: str, shape: tuple[int, ...]) -> None:
    layout = detect({**BLOCKS, head: (V, D), bias: shape}, {})
    assert layout is not None and layout.bias == bias


def test_bias_of_the_wrong_size_is_not_the_output_bias() -> None:
    layout = detect(
        {"lm_head.weight": (V, D), "lm_head.bias": (V + 1,), "final_logits_bias": (2, V)}, {}
    )
    assert layout is not None and layout.bias is None


@pytest.mark.parametrize(
    "names, cfg, kind, offset",
    [
        (
            {"transformer.ln_f.weight": (D,), "transformer.ln_f.bias": (D,)},
            {"layer_norm_epsilon": 1e-5},
            "layernorm",
            0.0,
        ),
        (
            {"model.norm.weight": (D,)},
            {"model_type": "llama", "rms_norm_eps": 1e-6},
            "rmsnorm",
            0.0,
        ),
        ({"model.norm.weight": (D,)}, {"model_type": "gemma2"}, "rmsnorm", 1.0),
        (
            {"gpt_neox.final_layer_norm.weight": (D,), "gpt_neox.final_layer_norm.bias": (D,)},
            {},
            "layernorm",
            0.0,
        ),
    ],
)
def test_final_norm(names: dict[str, tuple[int, ...]], cfg: dict, kind: str, offset: float) -> None:
    layout = detect({**BLOCKS, "lm_head.weight": (V, D), **names}, cfg)
    assert layout is not None
    assert layout.norm_kind == kind and layout.norm_offset == offset
    assert layout.norm_weight in names
    if kind == "layernorm":
        assert layout.norm_bias in names
    eps = cfg.get("layer_norm_epsilon", cfg.get("rms_norm_eps"))
    assert layout.norm_eps == eps


def test_norm_of_another_width_is_not_the_final_norm() -> None:
    layout = detect({"lm_head.weight": (V, D), "model.norm.weight": (D + 1,)}, {})
    assert layout is not None and layout.norm_weight is None and layout.norm_kind is None


@pytest.mark.parametrize(
    "cfg, cap",
    [
        ({"final_logit_softcapping": 30.0}, 30.0),
        ({"text_config": {"final_logit_softcapping": 15}}, 15.0),
        ({"final_logit_softcapping": None}, None),
        ({}, None),
    ],
)
def test_softcap_from_config(cfg: dict, cap: float | None) -> None:
    layout = detect({"lm_head.weight": (V, D)}, cfg)
    assert layout is not None and layout.softcap == cap


def test_text_config_merges_without_overriding() -> None:
    merged = text_config(
        {"model_type": "llava", "text_config": {"model_type": "llama", "vocab_size": 9}}
    )
    assert merged["model_type"] == "llava" and merged["vocab_size"] == 9


@pytest.mark.parametrize(
    "cfg, flag, expected",
    [
        ({}, "auto", "softmax"),
        ({"problem_type": "multi_label_classification"}, "auto", "sigmoid"),
        ({"problem_type": "single_label_classification"}, "auto", "softmax"),
        ({}, "sigmoid", "sigmoid"),
        ({"problem_type": "multi_label_classification"}, "softmax", "softmax"),
    ],
)
def test_head_type(cfg: dict, flag: str, expected: str) -> None:
    layout = detect({"classifier.weight": (V, D)}, cfg, head_type=flag)
    assert layout is not None and layout.head_type == expected
    if flag != "auto":
        assert layout.head_type_reason == f"--head {flag}"


def test_unknown_shapes_are_judged_by_name() -> None:
    """A Hub index names tensors before their shard is fetched (shape None)."""
    shapes = {
        "model.embed_tokens.weight": None,
        "model.norm.weight": None,
        "lm_head.weight": None,
        "model.layers.0.mlp.fc.weight": None,
    }
    layout = detect(shapes, {"model_type": "gemma"})
    assert layout is not None and layout.weight == "lm_head.weight"
    assert layout.norm_weight == "model.norm.weight" and layout.norm_offset == 1.0


# --- through open_head on real files -------------------------------------------------------


def test_no_head_lists_the_candidates(tmp_path: Path) -> None:
    rng = np.random.default_rng(0)
    write_safetensors(
        tmp_path / "model.safetensors",
        {
            "layers.0.mlp.fc.weight": ("F32", rng.standard_normal((V, D))),
            "encoder.proj.weight": ("F32", rng.standard_normal((D, D))),
            "encoder.scale": ("F32", rng.standard_normal(D)),
        },
    )
    with pytest.raises(HeadNotFoundError, match="found no output head") as info:
        open_head(str(tmp_path))
    hint = info.value.hint or ""
    assert "--tensor" in hint
    assert "layers.0.mlp.fc.weight [50, 8]" in hint and "encoder.proj.weight [8, 8]" in hint
    assert "encoder.scale" not in hint  # only 2-D tensors are candidates
    head = open_head(str(tmp_path), tensor="layers.0.mlp.fc.weight")
    assert head.shape == (V, D) and any("--tensor" in n for n in head.detection)


def test_tensor_option_errors(tmp_path: Path) -> None:
    write_safetensors(
        tmp_path / "m.safetensors",
        {"lm_head.weight": ("F32", np.ones((V, D))), "scale": ("F32", np.ones(D))},
    )
    with pytest.raises(HeadNotFoundError, match="no tensor named 'nope'") as info:
        open_head(str(tmp_path / "m.safetensors"), tensor="nope")
    assert "lm_head.weight [50, 8]" in (info.value.hint or "")
    with pytest.raises(HeadNotFoundError, match="not a 2-D matrix"):
        open_head(str(tmp_path / "m.safetensors"), tensor="scale")
    with pytest.raises(UsageError, match="bias 'scale' has 8 entries but the head has 50 rows"):
        open_head(str(tmp_path / "m.safetensors"), bias_tensor="scale")


def test_final_logits_bias_is_read_flat(tmp_path: Path) -> None:
    b = np.arange(V, dtype=np.float32).reshape(1, V)
    write_safetensors(
        tmp_path / "m.safetensors",
        {"lm_head.weight": ("F16", np.ones((V, D))), "final_logits_bias": ("F32", b)},
    )
    head = open_head(str(tmp_path / "m.safetensors"))
    assert head.bias is not None and head.bias.name == "final_logits_bias"
    np.testing.assert_array_equal(head.bias_vector(), b.ravel())


def _manifest(fixtures_dir: Path) -> dict:
    return json.loads((fixtures_dir / "manifest.json").read_text())["fixtures"]


@pytest.mark.parametrize(
    "name", ["demo-lm", "gpt2-tiny-bf16", "image-classifier", "multilabel", "softcap"]
)
def test_fixtures_match_their_manifest(fixtures_dir: Path, name: str) -> None:
    facts = _manifest(fixtures_dir)[name]["facts"]
    head = open_head(str(fixtures_dir / name))
    assert head.weight.name == facts["head"]
    assert head.tied == facts.get("tied", False)
    assert (head.bias.name if head.bias else None) == facts.get("bias")
    assert head.head_type == facts.get("head_type", "softmax")
    assert head.softcap == facts.get("softcap")
    norm = facts.get("final_norm")
    if norm is None:
        assert head.final_norm is None
    else:
        assert head.final_norm is not None and norm.startswith(head.final_norm.kind)
        assert head.final_norm.weight_offset == (1.0 if "1 + weight" in norm else 0.0)
    if "position_embedding" in facts:
        assert head.position_embedding is not None
        assert head.position_embedding.name == facts["position_embedding"]
    if "padding_rows" in facts:
        lo, hi = facts["padding_rows"]
        assert (head.n_vocab, head.n_rows) == (lo, hi)
        assert head.facts()["padding_rows"] == hi - lo


def test_softcap_fixture_reads_f8_and_gemma_gain(fixtures_dir: Path) -> None:
    import ml_dtypes

    from cosaudit.load.tensors import read_safetensors_header

    head = open_head(str(fixtures_dir / "softcap"))
    assert head.weight.dtype == "F8_E4M3"
    entry = read_safetensors_header(fixtures_dir / "softcap" / "model.safetensors").entries[
        head.weight.name
    ]
    raw = (fixtures_dir / "softcap" / "model.safetensors").read_bytes()[entry.begin : entry.end]
    expected = (
        np.frombuffer(raw, dtype=ml_dtypes.float8_e4m3fn).astype(np.float32).reshape(head.shape)
    )
    np.testing.assert_array_equal(head.matrix(), expected)
    np.testing.assert_array_equal(head.final_norm.gain(), head.final_norm.weight.read() + 1.0)
