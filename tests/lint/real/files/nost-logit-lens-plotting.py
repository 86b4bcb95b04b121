# cosaudit corpus, synthetic file: same shape as nostalgebraist/transformer-utils/src/transformer_utils/logit_lens/plotting.py at 288788d458489b2bcce868a34e4445d4320ef16d (licence MIT); new code, no text copied.
import numpy as np
import torch

from .hooks import make_lens_hooks


def collect_logits(model, input_ids, layer_names, decoder_layer_names=("final_layernorm", "lm_head")):
    """Run the model once and decode every intermediate residual with the model's own final layers."""
    make_lens_hooks(model, layer_names=layer_names, decoder_layer_names=list(decoder_layer_names))
    with torch.no_grad():
        model(input_ids)
    outs = model._layer_logits
    names = sorted(outs, key=layer_names.index)
    return np.stack([outs[n][0].float().cpu().numpy() for n in names])


def top_tokens(layer_logits, tokenizer, k=1):
    top = np.argsort(-layer_logits, axis=-1)[..., :k]
    return [[tokenizer.decode([int(t)]) for t in row[:, 0]] for row in top]


def probs_of_answer(layer_logits, answer_ids):
    z = layer_logits - layer_logits.max(axis=-1, keepdims=True)
    p = np.exp(z)
    p /= p.sum(axis=-1, keepdims=True)
    return np.take_along_axis(p, answer_ids[None, :, None], axis=-1)[..., 0]
