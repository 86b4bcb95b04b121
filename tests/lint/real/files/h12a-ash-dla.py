# cosaudit corpus, synthetic file: same shape as ashlrai/mechanistic-interpretability/src/mech_interp/experiments/direct_logit_attribution.py at e1bf1aa5ac237049e03f253f50987237762652aa (licence MIT); new code, no text copied.
"""Direct logit attribution for a (correct, wrong) answer pair.

score(component) = output_of_component[pos] . (W_U[:, correct] - W_U[:, wrong])
"""
from dataclasses import dataclass

from transformer_lens import HookedTransformer


@dataclass
class PromptPair:
    prompt: str
    good: str
    bad: str


def attribute(model: HookedTransformer, pair: PromptPair, pos: int = -1) -> list[dict]:
    n_layers, n_heads = model.cfg.n_layers, model.cfg.n_heads
    model.set_use_attn_result(True)
    wanted = {"hook_embed", "hook_pos_embed"}
    wanted |= {f"blocks.{l}.attn.hook_result" for l in range(n_layers)}
    wanted |= {f"blocks.{l}.hook_mlp_out" for l in range(n_layers)}
    _, cache = model.run_with_cache(pair.prompt, names_filter=lambda n: n in wanted)

    good_id = model.to_single_token(pair.good)
    bad_id = model.to_single_token(pair.bad)
    contrast = model.W_U[:, good_id] - model.W_U[:, bad_id]

    rows = []
    for name, kind in (("hook_embed", "embed"), ("hook_pos_embed", "pos")):
        rows.append({"kind": kind, "layer": None, "head": None, "score": float(cache[name][0, pos] @ contrast)})
    for l in range(n_layers):
        per_head = cache[f"blocks.{l}.attn.hook_result"][0, pos]
        for h in range(n_heads):
            rows.append({"kind": "head", "layer": l, "head": h, "score": float(per_head[h] @ contrast)})
        rows.append({"kind": "mlp", "layer": l, "head": None, "score": float(cache[f"blocks.{l}.hook_mlp_out"][0, pos] @ contrast)})
    rows.sort(key=lambda r: -r["score"])
    return rows
