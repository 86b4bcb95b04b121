# Synthetic rewrite of the shape of lois-mla/MechInt-project-probing-identifier-types:steering.py at ee42b75bb4d945be496f53b211497290d3faaf84 (licence NOASSERTION); not the original text.
"""Steer a code model at a marker token with a direction taken from a 3-way probe.

Either one class row of the probe (unit length) or the difference of two class rows is
added, scaled by alpha, to the chosen hook output at the marker position only.
"""
import torch


def row_direction(probe, kind, unit=True):
    rows = probe.proj.weight.detach()
    v = rows[kind].clone()
    return v / (v.norm() + 1e-8) if unit else v


def contrast_direction(probe, toward, away, unit=True):
    rows = probe.proj.weight.detach()
    v = rows[toward] - rows[away]
    return v / (v.norm() + 1e-8) if unit else v


def marker_hook(direction, alpha, marker_id):
    direction = direction.to("cuda")

    def hook(acts, hook):
        toks = hook.ctx["tokens"]
        for b in range(toks.shape[0]):
            where = (toks[b] == marker_id).nonzero(as_tuple=True)[0]
            if where.numel() == 1:
                acts[b, where.item()] += alpha * direction
        return acts

    return hook


@torch.inference_mode()
def steered_logits(model, tokenizer, prompt, direction, alpha, layer, site="mlp_out"):
    toks = model.to_tokens(prompt).to("cuda")
    marker = tokenizer.convert_tokens_to_ids("\u2581<MID>")
    name = f"blocks.{layer}.hook_{site}"
    with model.hooks(fwd_hooks=[(name, marker_hook(direction, alpha, marker))]):
        return model(toks)
