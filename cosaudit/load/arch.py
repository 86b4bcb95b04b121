"""Where each architecture keeps its head, bias, tying, final norm and soft-capping.

Everything here works on tensor *names*, shapes and `config.json`; nothing is read but the
config. The tables are ordered by preference; a name matches when it equals a known name under
one of the known prefixes (so `model.layers.0.mlp.fc.weight` is not mistaken for a head).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

PREFIXES = ("", "model.", "language_model.", "model.language_model.", "module.", "base_model.")

# output matrices, most specific first
OUTPUT_NAMES = (
    "lm_head.weight",
    "embed_out.weight",  # GPT-NeoX / Pythia
    "lm_head.decoder.weight",  # RoBERTa
    "cls.predictions.decoder.weight",  # BERT MLM
    "generator_lm_head.weight",  # ELECTRA
    "pred_layer.proj.weight",  # XLM
    "transformer.ff_out.weight",  # OLMo
    "output.weight",  # Meta reference / GGUF names
    "classifier.weight",  # HF *ForImageClassification / sequence classification
    "score.weight",  # HF *ForSequenceClassification (decoder models)
    "heads.head.weight",  # torchvision ViT
    "head.weight",  # timm
    "fc.weight",  # torchvision ResNet / Inception
    "linear.weight",  # CIFAR ResNets
)

# input embeddings a head may be tied to
EMBEDDING_NAMES = (
    "transformer.wte.weight",
    "embed_tokens.weight",
    "decoder.embed_tokens.weight",
    "gpt_neox.embed_in.weight",
    "tok_embeddings.weight",
    "token_embd.weight",
    "bert.embeddings.word_embeddings.weight",
    "roberta.embeddings.word_embeddings.weight",
    "embeddings.word_embeddings.weight",
    "transformer.word_embeddings.weight",
    "word_embeddings.weight",
    "shared.weight",
    "transformer.embedding.word_embeddings.weight",
)

# learned absolute position embeddings that can absorb a translation of a tied head
POSITION_NAMES = (
    "transformer.wpe.weight",
    "bert.embeddings.position_embeddings.weight",
    "roberta.embeddings.position_embeddings.weight",
    "embeddings.position_embeddings.weight",
)

BIAS_NAMES = (
    "final_logits_bias",  # BART / Marian, shape [1, V]
    "cls.predictions.bias",
    "cls.predictions.decoder.bias",
    "lm_head.bias",
    "b_U",
    "bias",  # .npz files saved as W, b
    "b",
)

# final norms before the head (module names; `.weight` / `.bias` are appended)
NORM_NAMES = (
    "transformer.ln_f",
    "norm",
    "gpt_neox.final_layer_norm",
    "final_layernorm",
    "final_layer_norm",
    "decoder.final_layer_norm",
    "transformer.norm_f",
    "ln_f",
    "cls.predictions.transform.LayerNorm",
    "lm_head.layer_norm",
    "vit.layernorm",
    "layernorm",
    "deit.layernorm",
    "beit.pooler.layernorm",
    "transformer.ln_f",
    "backbone.norm_f",
    "model.transformer.ln_f",
    "fc_norm",
)

SOFTCAP_KEYS = ("final_logit_softcapping", "logit_softcapping", "output_logit_softcap")


def _find(names: Mapping[str, Any], candidates: tuple[str, ...]) -> list[str]:
    found = []
    for cand in candidates:
        for prefix in PREFIXES:
            if prefix + cand in names and prefix + cand not in found:
                found.append(prefix + cand)
    return found


def _classifier_sequences(names: Mapping[str, Any]) -> list[str]:
    """`classifier.1.weight` (ResNet), `classifier.6.weight` (VGG): the last numbered layer."""
    best: dict[str, tuple[int, str]] = {}
    for n in names:
        parts = n.split(".")
        if len(parts) >= 3 and parts[-1] == "weight" and parts[-2].isdigit():
            stem = ".".join(parts[:-2])
            if stem.split(".")[-1] in ("classifier", "head", "fc"):
                k = int(parts[-2])
                if stem not in best or k > best[stem][0]:
                    best[stem] = (k, n)
    return [v[1] for v in best.values()]


def text_config(config: Mapping[str, Any]) -> dict[str, Any]:
    """The language-model part of a config (multimodal configs nest it as `text_config`)."""
    merged = dict(config)
    for key in ("text_config", "llm_config", "language_config"):
        sub = config.get(key)
        if isinstance(sub, dict):
            for k, v in sub.items():
                merged.setdefault(k, v)
    return merged


@dataclass
class Layout:
    """Tensor names of the head and its companions, and how each was found."""

    weight: str
    bias: str | None = None
    tied: bool = False
    tied_to: str | None = None
    position: str | None = None
    norm_weight: str | None = None
    norm_bias: str | None = None
    norm_kind: str | None = None
    norm_offset: float = 0.0
    norm_eps: float | None = None
    softcap: float | None = None
    head_type: str = "softmax"
    head_type_reason: str = "default: softmax"
    notes: list[str] = field(default_factory=list)


def _two_d(shapes: Mapping[str, tuple[int, ...] | None]) -> dict[str, tuple[int, ...] | None]:
    """2-D tensors, and tensors whose shape is not known yet (Hub shards not fetched: by name)."""
    return {n: s for n, s in shapes.items() if s is None or len(s) == 2}


def head_candidates(shapes: Mapping[str, tuple[int, ...] | None]) -> list[str]:
    """Names that could be the head: known output names first, then tied embeddings."""
    two_d = _two_d(shapes)
    return _find(two_d, OUTPUT_NAMES) + _classifier_sequences(two_d) + _find(two_d, EMBEDDING_NAMES)


Shapes = Mapping[str, tuple[int, ...] | None]


def _head_weight(shapes: Shapes, cfg: Mapping[str, Any], tensor: str | None) -> Layout | None:
    """The head matrix (given, a known output name, or a tied input embedding); None if none."""
    two_d = _two_d(shapes)
    notes: list[str] = []
    if tensor is not None:
        notes.append(f"head tensor {tensor!r} given with --tensor")
        tied = tensor in _find(two_d, EMBEDDING_NAMES)
        return Layout(weight=tensor, tied=tied, tied_to=tensor if tied else None, notes=notes)
    outputs = _find(two_d, OUTPUT_NAMES) + _classifier_sequences(two_d)
    embeddings = _find(two_d, EMBEDDING_NAMES)
    if outputs:
        weight = outputs[0]
        notes.append(f"head {weight!r}: a known output-matrix name")
        if cfg.get("tie_word_embeddings") is True and embeddings:
            # some checkpoints store both copies of a tied matrix
            notes.append(f"config says tie_word_embeddings: tied to {embeddings[0]!r}")
            return Layout(weight=weight, tied=True, tied_to=embeddings[0], notes=notes)
        return Layout(weight=weight, notes=notes)
    if embeddings:
        weight = embeddings[0]
        why = "tie_word_embeddings is true" if cfg.get("tie_word_embeddings", True) else "no output matrix"
        notes.append(f"no output matrix stored; head tied to input embedding {weight!r} ({why})")
        return Layout(weight=weight, tied=True, tied_to=weight, notes=notes)
    return None


def _bias_fits(s: tuple[int, ...] | None, vocab: int | None) -> bool:
    """Whether a tensor of shape `s` can be the bias of a head with `vocab` rows (None: not known yet)."""
    if s is None or vocab is None:
        return s is None or len(s) == 1 or (len(s) == 2 and s[0] == 1)
    return int(_size(s)) == vocab and (len(s) == 1 or s[0] == 1)


def _find_bias(layout: Layout, shapes: Shapes, bias_tensor: str | None) -> None:
    """The output bias: given, then `<head>.bias`, then architecture-specific names."""
    weight = layout.weight
    if bias_tensor is not None:
        layout.bias = bias_tensor
        layout.notes.append(f"bias {bias_tensor!r} given with --bias-tensor")
        return
    head_shape = shapes.get(weight)
    vocab = head_shape[0] if head_shape else None
    stem = weight[: -len(".weight")] if weight.endswith(".weight") else weight
    for cand in [stem + ".bias", *_find(shapes, BIAS_NAMES)]:
        if cand in shapes and cand != weight and _bias_fits(shapes[cand], vocab):
            layout.bias = cand
            layout.notes.append(f"output bias {cand!r}")
            return


def _norm_eps(cfg: Mapping[str, Any]) -> float | None:
    """The final norm's epsilon from the config, if it states one."""
    for key in ("layer_norm_epsilon", "layer_norm_eps", "rms_norm_eps", "norm_eps"):
        if isinstance(cfg.get(key), (int, float)):
            return float(cfg[key])
    return None


def _find_norm(layout: Layout, shapes: Shapes, cfg: Mapping[str, Any]) -> None:
    """The final norm before the head: a known name whose weight is a vector of the head's width."""
    head_shape = shapes.get(layout.weight)
    for module in _find({n[: -len(".weight")]: 0 for n in shapes if n.endswith(".weight")}, NORM_NAMES):
        w = module + ".weight"
        sw = shapes[w]
        if sw is not None and (len(sw) != 1 or (head_shape is not None and sw[0] != head_shape[1])):
            continue
        if w == layout.weight:
            continue
        layout.norm_weight = w
        b = module + ".bias"
        layout.norm_bias = (b if b in shapes and (shapes[b] is None or sw is None or shapes[b] == sw)
                            else None)
        layout.norm_kind = "layernorm" if layout.norm_bias else "rmsnorm"
        model_type = str(cfg.get("model_type", ""))
        if layout.norm_kind == "rmsnorm" and model_type.startswith("gemma"):
            layout.norm_offset = 1.0  # Gemma's RMSNorm scales by (1 + weight)
        eps = _norm_eps(cfg)
        if eps is not None:
            layout.norm_eps = eps
        layout.notes.append(f"final {layout.norm_kind} {module!r} before the head")
        return


def _find_position(layout: Layout, shapes: Shapes) -> None:
    """A tied head's position embedding, if one of the head's width is stored."""
    head_shape = shapes.get(layout.weight)
    for cand in _find(shapes, POSITION_NAMES):
        sp = shapes[cand]
        if sp is None or head_shape is None or sp[1:] == head_shape[1:]:
            layout.position = cand
            return


def _find_softcap(layout: Layout, cfg: Mapping[str, Any]) -> None:
    """A logit soft-cap stated in the config."""
    for key in SOFTCAP_KEYS:
        val = cfg.get(key)
        if isinstance(val, (int, float)) and val > 0:
            layout.softcap = float(val)
            layout.notes.append(f"logits soft-capped: {key} = {val}")
            return


def _choose_head_type(layout: Layout, cfg: Mapping[str, Any], head_type: str) -> None:
    """softmax or sigmoid: as given, then from the config's problem_type, else softmax."""
    if head_type in ("softmax", "sigmoid"):
        layout.head_type = head_type
        layout.head_type_reason = f"--head {head_type}"
    elif cfg.get("problem_type") == "multi_label_classification":
        layout.head_type = "sigmoid"
        layout.head_type_reason = "config problem_type: multi_label_classification"
    else:
        layout.head_type = "softmax"
        layout.head_type_reason = "default: softmax (pass --head sigmoid for multi-label heads)"


def detect(
    shapes: Shapes,
    config: Mapping[str, Any],
    *,
    tensor: str | None = None,
    bias_tensor: str | None = None,
    head_type: str = "auto",
) -> Layout | None:
    """Find the head in a checkpoint from its tensor names/shapes and config; None if none.

    A shape may be None (a Hub shard not fetched yet): such a tensor is judged by its name.
    """
    cfg = text_config(config)
    layout = _head_weight(shapes, cfg, tensor)
    if layout is None:
        return None
    _find_bias(layout, shapes, bias_tensor)
    _find_norm(layout, shapes, cfg)
    if layout.tied:
        _find_position(layout, shapes)
    _find_softcap(layout, cfg)
    _choose_head_type(layout, cfg, head_type)
    return layout


def _size(shape: tuple[int, ...]) -> int:
    n = 1
    for s in shape:
        n *= int(s)
    return n
