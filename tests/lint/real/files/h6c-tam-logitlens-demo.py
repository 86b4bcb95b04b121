# cosaudit corpus, synthetic file: same shape as ludovic4g/tam-logit-lenses/ll_tam/demo.py at 8169dad5728c112633e04c4b5af96a1afeb74238 (licence NOASSERTION); new code, no text copied.
"""Per-token activation maps for a vision-language model through a logit lens."""
from pathlib import Path

import torch

NORM_CANDIDATES = (
    "model.model.language_model.norm",
    "model.language_model.model.norm",
    "model.model.norm",
    "model.norm",
)


def final_norm(model):
    for dotted in NORM_CANDIDATES:
        obj = model
        for part in dotted.split("."):
            obj = getattr(obj, part, None)
            if obj is None:
                break
        if obj is not None:
            return obj
    return None


def lens_logits(outputs, model, layer, n_layers):
    norm = final_norm(model)
    offset = -((n_layers - 1 - layer) + 1)
    per_step = []
    for states in outputs.hidden_states:
        h = states[offset]
        with torch.no_grad():
            if norm is not None:
                h = norm(h)
            per_step.append(model.lm_head(h))
    return per_step


def token_maps(outputs, model, processor, prompt_len, layers, out_dir):
    out_dir = Path(out_dir)
    n_layers = model.config.text_config.num_hidden_layers
    gen_ids = outputs.sequences[0][prompt_len:].tolist()
    for layer in layers:
        logits = lens_logits(outputs, model, layer, n_layers)
        for step, tid in enumerate(gen_ids):
            scores = logits[step][0, :, tid].float().cpu()
            torch.save(scores, out_dir / f"L{layer}_step{step:04d}.pt")
