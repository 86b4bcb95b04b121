"""open_object / equivalent_object / forward_check on live torch, transformers and TransformerLens
objects: tiny models built from configs here, flipped in memory, checked by their own forward pass."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

from cosaudit.core.rescaling import rescale_pair  # noqa: E402
from cosaudit.core.symmetry import (  # noqa: E402
    SymmetryRefusedError,
    cosine,
    mean_row,
    translate_pair,
)
from cosaudit.errors import HeadNotFoundError, UsageError  # noqa: E402
from cosaudit.load import resolve_labels  # noqa: E402
from cosaudit.load.live import open_object  # noqa: E402
from cosaudit.load.live_equivalent import equivalent_object, forward_check  # noqa: E402

pytestmark = pytest.mark.integration

REPO = Path(__file__).resolve().parents[2]
WORDS = "the dog chased cat across garden a sat on warm mat near horse and cow walked to red barn"
# two float32 forward passes of the same tiny model differ by ~1e-7 in p; a translation adds c·h to
# every logit, so a few float32 ulps of that (same bound as test_flip_transformers.py)
PROB_TOL = 2e-5


def _tokenizer():
    """A word-level tokenizer over WORDS, fresh each time (TransformerLens edits the one it gets)."""
    from tokenizers import Tokenizer, models, pre_tokenizers

    vocab = {w: i for i, w in enumerate(["<unk>", "<eos>", *dict.fromkeys(WORDS.split())])}
    tok = Tokenizer(models.WordLevel(vocab, unk_token="<unk>"))
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    return transformers.PreTrainedTokenizerFast(tokenizer_object=tok, unk_token="<unk>", eos_token="<eos>")


def _model(kind: str, *, tie: bool = True, vocab: int = 21):
    torch.manual_seed(0)
    if kind == "gpt2":
        cfg = transformers.GPT2Config(vocab_size=vocab, n_positions=32, n_embd=32, n_layer=2, n_head=2,
                                      tie_word_embeddings=tie)
        model = transformers.GPT2LMHeadModel(cfg)
        norm = model.transformer.ln_f
    elif kind == "llama":
        cfg = transformers.LlamaConfig(vocab_size=vocab, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                                       num_attention_heads=2, num_key_value_heads=2, max_position_embeddings=32,
                                       tie_word_embeddings=tie)
        model = transformers.LlamaForCausalLM(cfg)
        norm = model.model.norm
    else:  # gemma2: soft-capped logits, RMSNorm scaling by (1 + weight)
        cfg = transformers.Gemma2Config(vocab_size=vocab, hidden_size=32, intermediate_size=64, num_hidden_layers=1,
                                        num_attention_heads=2, num_key_value_heads=1, head_dim=16,
                                        max_position_embeddings=32, final_logit_softcapping=30.0)
        model = transformers.Gemma2ForCausalLM(cfg)
        norm = model.model.norm
    with torch.no_grad():  # a final norm that matters (gain not 1, shift not 0)
        norm.weight.add_(torch.linspace(-0.5, 0.5, norm.weight.shape[0]))
        if getattr(norm, "bias", None) is not None:
            norm.bias.add_(0.1)
    return model.eval()


def _snapshot(module) -> dict[str, bytes]:
    """Every parameter and buffer as bytes, with its storage address (a tie is part of the model)."""
    out = {}
    for n, t in [*module.named_parameters(remove_duplicate=False), *module.named_buffers(remove_duplicate=False)]:
        out[n] = (t.detach().cpu().contiguous().view(torch.uint8).numpy().tobytes(), t.data_ptr())
    return out


def _pair(head, a=" dog", b=" cat"):
    labels, _ = resolve_labels(head, [a, b], [])
    return labels[0].id, labels[1].id


# --------------------------------------------------------------------------- open_object


def test_gpt2_facts():
    model, tok = _model("gpt2"), _tokenizer()
    head = open_object(model, tokenizer=tok)
    f = head.facts()
    assert (f["kind"], f["tensor"], f["dtype"], f["shape"]) == ("transformers", "lm_head.weight", "F32", [21, 32])
    assert f["tied"] and f["tied_to"] == "transformer.wte.weight"
    assert head.position_embedding.name == "transformer.wpe.weight"
    norm = {"kind": "layernorm", "weight": "transformer.ln_f.weight", "bias": "transformer.ln_f.bias"}
    assert f["final_norm"] == norm
    assert head.final_norm.eps == pytest.approx(1e-5) and head.final_norm.weight_offset == 0.0
    assert f["softcap"] is None and f["bias"] is None and f["model_type"] == "gpt2"
    np.testing.assert_array_equal(head.matrix(), model.lm_head.weight.detach().numpy())
    np.testing.assert_array_equal(head.final_norm.shift(), model.transformer.ln_f.bias.detach().numpy())
    assert _pair(head) == (tok.convert_tokens_to_ids("dog"), tok.convert_tokens_to_ids("cat"))
    assert head.n_vocab == 21 and head.live is model


def test_llama_facts_bf16_and_bias_override():
    model = _model("llama", tie=False).to(torch.bfloat16)
    head = open_object(model)
    f = head.facts()
    assert not f["tied"] and f["tied_to"] is None and head.position_embedding is None
    assert f["final_norm"] == {"kind": "rmsnorm", "weight": "model.norm.weight", "bias": None}
    assert head.final_norm.eps == pytest.approx(1e-6) and f["softcap"] is None and f["dtype"] == "BF16"
    np.testing.assert_array_equal(head.matrix(), model.lm_head.weight.detach().float().numpy())  # bf16 → f32 exactly
    assert head.vocab is None  # no tokenizer, no id2label: labels need tokenizer= (or ids)
    b = torch.arange(21, dtype=torch.float32)
    assert open_object(model, bias=b).bias_vector().tolist() == b.tolist()


def test_gemma2_softcap_and_offset_norm():
    model = _model("gemma2")
    head = open_object(model)
    assert head.softcap == 30.0 and head.final_norm.weight_offset == 1.0 and head.final_norm.kind == "rmsnorm"
    np.testing.assert_allclose(head.final_norm.gain(), model.model.norm.weight.detach().numpy() + 1)
    with pytest.raises(SymmetryRefusedError, match="soft-capped"):
        equivalent_object(model, head, translation=np.zeros(head.dim))
    C = head.matrix().astype(np.float64)
    C -= mean_row(C)
    rs = rescale_pair(C[3], C[4], 0.2)
    new = equivalent_object(model, head, rescale=rs)  # rescaling leaves raw logits, so capped ones, unchanged
    r = forward_check(model, new, input_ids=[[2, 3, 4, 5, 6, 7]])
    assert r["max_abs_prob_diff"] < PROB_TOL and r["argmax_agreement"] == 1.0
    gain = new.model.norm.weight.detach().double().numpy() + 1
    np.testing.assert_allclose(gain, (model.model.norm.weight.detach().double().numpy() + 1) * rs.scale, rtol=1e-6)


def test_sequence_classifier_multi_label_is_a_sigmoid_head_with_names():
    cfg = transformers.GPT2Config(vocab_size=21, n_positions=16, n_embd=16, n_layer=1, n_head=2, num_labels=3,
                                  problem_type="multi_label_classification",
                                  id2label={0: "neg", 1: "neutral", 2: "pos"},
                                  label2id={"neg": 0, "neutral": 1, "pos": 2})
    head = open_object(transformers.GPT2ForSequenceClassification(cfg))
    assert head.weight.name == "score.weight" and head.shape == (3, 16)
    assert head.head_type == "sigmoid" and "multi_label" in head.head_type_reason
    assert [r.id for r in resolve_labels(head, ["pos", "neg"], [])[0]] == [2, 0]


def test_tensor_option_and_bad_names():
    model = _model("gpt2")
    head = open_object(model, tensor="transformer.wte.weight")
    assert head.weight.name == "transformer.wte.weight" and head.tied and head.tied_to == "transformer.wte.weight"
    assert "tensor=" in head.detection[0]
    with pytest.raises(HeadNotFoundError, match="no parameter named 'lm_head.weights'") as info:
        open_object(model, tensor="lm_head.weights")
    assert "lm_head.weight" in info.value.hint
    with pytest.raises(UsageError, match="bias has shape \\[20\\]"):
        open_object(model, bias=torch.zeros(20))


@pytest.mark.parametrize("dtype,name", [(torch.float32, "F32"), (torch.float64, "F64"), (torch.bfloat16, "BF16"),
                                        (torch.float16, "F16")])
def test_torch_tensor(dtype, name):
    t = torch.randn(10, 4, dtype=torch.float64).to(dtype)
    p = torch.nn.Parameter(t.clone())  # a parameter that requires grad
    for obj in (t, p):
        head = open_object(obj)
        assert (head.kind, head.weight.dtype, head.shape) == ("tensor", name, (10, 4))
        read = obj.detach().double() if name == "F64" else obj.detach().float()  # F64 stays float64
        np.testing.assert_array_equal(head.matrix(), read.numpy())
        before = _tensor_bytes(obj)
        new = equivalent_object(obj, head, translation=translate_pair(obj.detach().double().numpy(), 1, 2, -1.0))
        assert _tensor_bytes(obj) == before
        assert type(new) is type(obj) and new.dtype == dtype and new.requires_grad == obj.requires_grad
        r = forward_check(obj, new, ids_pair=(1, 2))
        assert r["pair"]["cosine_equivalent"] == pytest.approx(-1.0, abs={"BF16": 1e-2, "F16": 1e-3}.get(name, 1e-6))


def test_float8_tensor_reads_through_float32():
    t = torch.randn(6, 3).to(torch.float8_e4m3fn)
    head = open_object(t)
    assert head.weight.dtype == "F8_E4M3"
    np.testing.assert_array_equal(head.matrix(), t.float().numpy())


def _tensor_bytes(t) -> bytes:
    return t.detach().contiguous().view(torch.uint8).numpy().tobytes()


# --------------------------------------------------------------------------- flip in memory


@pytest.mark.parametrize("kind,tie,expect_tie", [("gpt2", True, "kept"), ("llama", False, "none"),
                                                 ("llama", True, "untied")])
@pytest.mark.parametrize("target", [-1.0, 1.0])
def test_translation_flips_the_pair_and_keeps_the_probabilities(kind, tie, expect_tie, target):
    model, tok = _model(kind, tie=tie), _tokenizer()
    head = open_object(model, tokenizer=tok)
    i, j = _pair(head)
    before = _snapshot(model)
    t = translate_pair(head.matrix(), i, j, target)
    new = equivalent_object(model, head, translation=t)
    assert _snapshot(model) == before  # the input model is unchanged, bytes and ties
    r = forward_check(model, new, tokenizer=tok, ids_pair=(i, j))
    assert r["inputs"] == "4 English sentences, tokenized" and r["positions"] > 20
    assert r["max_abs_prob_diff"] < PROB_TOL and r["argmax_agreement"] == 1.0
    assert r["pair"]["cosine_equivalent"] == pytest.approx(target, abs=1e-5)
    assert r["pair"]["cosine_original"] == pytest.approx(cosine(*head.rows([i, j])), abs=1e-12)
    out_w, in_w = new.get_output_embeddings().weight, new.get_input_embeddings().weight
    if expect_tie == "kept":  # wte + c and wpe − c: every input vector unchanged, still one matrix
        assert out_w is in_w and new.config.tie_word_embeddings is True
        np.testing.assert_allclose(new.transformer.wpe.weight.detach().numpy(),
                                   model.transformer.wpe.weight.detach().numpy() - t.c, atol=1e-6)
    elif expect_tie == "untied":
        assert out_w is not in_w and new.config.tie_word_embeddings is False
        assert torch.equal(in_w, model.get_input_embeddings().weight)
    assert open_object(new).tied is (expect_tie == "kept")


def test_rescale_moves_the_centered_cosine(tmp_path):
    model, tok = _model("llama", tie=True), _tokenizer()
    head = open_object(model, tokenizer=tok)
    i, j = _pair(head)
    C = head.matrix().astype(np.float64)
    C -= mean_row(C)
    rs = rescale_pair(C[i], C[j], -0.5)
    before = _snapshot(model)
    new = equivalent_object(model, head, rescale=rs)
    assert _snapshot(model) == before
    assert new.get_output_embeddings().weight is not new.get_input_embeddings().weight  # rescaling unties
    r = forward_check(model, new, tokenizer=tok)
    assert r["max_abs_prob_diff"] < PROB_TOL
    W = open_object(new).matrix().astype(np.float64)
    W -= W.mean(0)
    assert cosine(W[i], W[j]) == pytest.approx(rs.centered_cosine_after, abs=1e-5)
    new.save_pretrained(tmp_path)  # and it saves and loads as an ordinary model
    back = transformers.AutoModelForCausalLM.from_pretrained(tmp_path)
    assert forward_check(new, back, tokenizer=tok)["max_abs_prob_diff"] == 0.0


def test_forward_check_without_a_tokenizer_uses_seeded_ids():
    model = _model("llama", tie=False)
    head = open_object(model)
    new = equivalent_object(model, head, translation=translate_pair(head.matrix(), 3, 4, -1.0))
    r = forward_check(model, new)
    assert r["inputs"] == "4 sequences of 12 random token ids (seed 0)" and r["positions"] == 48
    assert r["max_abs_prob_diff"] < PROB_TOL
    model.train()
    forward_check(model, new)
    assert model.training  # the caller's mode is restored


# --------------------------------------------------------------------------- TransformerLens 4.x


@pytest.fixture(scope="module")
def bridge_class():
    tl = pytest.importorskip("transformer_lens", reason="transformer-lens is not installed (.ci/run installs it)")
    major = int(tl.__version__.split(".")[0]) if hasattr(tl, "__version__") else 4
    if major < 4:
        pytest.skip("TransformerBridge.boot_transformers needs transformer-lens 4.x")
    from transformer_lens.model_bridge import TransformerBridge

    return TransformerBridge


def _bridge(bridge_class, *, compat: bool, kind: str = "gpt2"):
    hf = _model(kind, tie=False) if kind == "llama" else _model(kind)
    b = bridge_class.boot_transformers(kind, hf_model=hf, tokenizer=_tokenizer(), device="cpu")
    if compat:
        b.enable_compatibility_mode(disable_warnings=True)
    return b


@pytest.mark.parametrize("compat", [False, True])
def test_transformer_bridge(bridge_class, compat):
    reference = _model("gpt2")  # the same weights, never wrapped
    b = _bridge(bridge_class, compat=compat)
    head = open_object(b)  # labels through the bridge's own tokenizer
    assert head.kind == "transformer_lens" and head.weight.name == "W_U" and head.shape == (21, 32)
    np.testing.assert_array_equal(head.matrix(), b.W_U.detach().T.numpy())  # columns of W_U are the labels
    i, j = _pair(head)
    ref = open_object(reference)
    original = cosine(*ref.rows([i, j]))
    if compat:
        note = head.processing_note
        assert "fold_ln" in note and "center_unembed" in note and "translation" in note and "rescaling" in note
        np.testing.assert_allclose(head.matrix().astype(np.float64).mean(0), 0, atol=1e-6)
        np.testing.assert_allclose(head.bias_vector(), b.b_U.detach().numpy())  # the folded shift of ln_f
        assert head.facts()["bias"] == "b_U" and np.abs(head.bias_vector()).max() > 0
        assert abs(cosine(*head.rows([i, j])) - original) > 1e-3  # same model, other cosine
        assert any("processed by enable_compatibility_mode" in n for n in head.detection)
        import cosaudit  # the report says it, in JSON and in words

        r_inspect = cosaudit.inspect(head, ids=[i, j])
        assert r_inspect.to_dict()["checkpoint"]["processing"] == note
        assert "weights processed before this audit" in r_inspect.to_text()
        assert "Weights processed before this audit" in r_inspect.to_markdown()
    else:
        assert head.processing_note is None and head.bias is None and head.tied
        assert cosine(*head.rows([i, j])) == pytest.approx(original, abs=1e-7)
        assert any("not processed" in n for n in head.detection)
    before = _snapshot(b)
    new = equivalent_object(b, head, translation=translate_pair(head.matrix(), i, j, -1.0))
    assert _snapshot(b) == before
    r = forward_check(b, new, ids_pair=(i, j))
    assert r["inputs"] == "4 English sentences, tokenized"  # the bridge's own tokenizer
    assert r["max_abs_prob_diff"] < PROB_TOL and r["pair"]["cosine_equivalent"] == pytest.approx(-1.0, abs=1e-5)


def test_transformer_bridge_over_llama_reads_the_rmsnorm_through_the_wrapper(bridge_class):
    b = _bridge(bridge_class, compat=True, kind="llama")
    head = open_object(b)
    assert head.facts()["final_norm"] == {"kind": "rmsnorm", "weight": "model.norm.weight", "bias": None}
    assert head.final_norm.eps == pytest.approx(1e-6) and head.bias is None  # RMSNorm: no shift to fold
    np.testing.assert_array_equal(head.final_norm.gain(), np.ones(32, dtype=np.float32))  # folded into W_U
    assert "fold_ln" in head.processing_note and "center_unembed" in head.processing_note
    i, j = _pair(head)
    new = equivalent_object(b, head, translation=translate_pair(head.matrix(), i, j, 1.0))
    r = forward_check(b, new, ids_pair=(i, j))
    assert r["max_abs_prob_diff"] < PROB_TOL and r["pair"]["cosine_equivalent"] == pytest.approx(1.0, abs=1e-5)


# --------------------------------------------------------------------------- TransformerLens 3.x

HOOKED_SCRIPT = """
import json, sys
import numpy as np
from transformer_lens import HookedTransformer, HookedTransformerConfig
from cosaudit.core.symmetry import translate_pair
from cosaudit.load.live import open_object
from cosaudit.load.live_equivalent import equivalent_object, forward_check
import torch
out = {}
for processed in (False, True):
    torch.manual_seed(0)
    cfg = HookedTransformerConfig(n_layers=1, d_model=16, n_ctx=16, d_head=4, n_heads=4, d_vocab=20,
                                  act_fn="gelu", normalization_type="LN")
    m = HookedTransformer(cfg)
    with torch.no_grad():
        m.ln_final.w.add_(torch.linspace(-0.5, 0.5, 16)); m.ln_final.b.add_(0.1); m.unembed.b_U.add_(0.2)
    if processed:
        m.process_weights_(fold_ln=True, center_unembed=True)
    h = open_object(m)
    before = {k: v.clone() for k, v in m.state_dict().items()}
    new = equivalent_object(m, h, translation=translate_pair(h.matrix(), 3, 4, -1.0))
    same = all(torch.equal(before[k], v) for k, v in m.state_dict().items())
    r = forward_check(m, new, input_ids=[[1, 2, 3, 4, 5, 6]], ids_pair=(3, 4))
    try:
        e = np.linspace(0.5, 2.0, 16)
        rescaled = forward_check(m, equivalent_object(m, h, rescale=e), input_ids=[[1, 2, 3, 4, 5, 6]])
    except Exception as exc:
        rescaled = type(exc).__name__
    out[str(processed)] = {"facts": h.facts(), "note": h.processing_note, "unchanged": same, "check": r,
                           "rescaled": rescaled,
                           "W_U": bool(np.array_equal(h.matrix(), m.W_U.detach().T.numpy())),
                           "norm": None if h.final_norm is None else h.final_norm.kind}
print(json.dumps(out))
"""


def test_hooked_transformer_3x():
    """transformer-lens 3.x next to 4.x: .ci/run installs it into its own folder (COSAUDIT_TL3_PATH)."""
    where = os.environ.get("COSAUDIT_TL3_PATH")
    if not where or not (Path(where) / "transformer_lens").is_dir():
        pytest.skip("no transformer-lens 3.x folder in COSAUDIT_TL3_PATH (.ci/run installs one)")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([where, str(REPO)]), "PYTHONWARNINGS": "ignore"}
    run = subprocess.run([sys.executable, "-c", HOOKED_SCRIPT], capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    out = json.loads(run.stdout.strip().splitlines()[-1])
    raw, done = out["False"], out["True"]
    for res in (raw, done):
        assert res["W_U"] and res["unchanged"] and res["facts"]["kind"] == "transformer_lens"
        assert res["facts"]["bias"] == "unembed.b_U" and res["facts"]["shape"] == [20, 16]
        assert res["check"]["max_abs_prob_diff"] < PROB_TOL
        assert res["check"]["pair"]["cosine_equivalent"] == pytest.approx(-1.0, abs=1e-5)
    assert raw["note"] is None and raw["norm"] == "layernorm"
    assert raw["rescaled"]["max_abs_prob_diff"] < PROB_TOL  # ln_final.w, .b × e; W_U / e
    assert done["norm"] is None and "fold_ln" in done["note"] and "center_unembed" in done["note"]
    assert done["rescaled"] == "SymmetryRefusedError"  # folded: no gain left to absorb e
