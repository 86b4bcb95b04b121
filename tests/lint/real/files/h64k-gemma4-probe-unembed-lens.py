# Synthetic rewrite of the shape of benjismith/gemma4-mlx-interp:experiments/step_22_emotion_probe_logit_lens.py at 6f91325de929cc26eb643638113ff7f6ffaabb67 (licence NOASSERTION); not the original text.
"""Read each concept probe through the tied output table of a small MLX model.

Every probe direction is pushed through the shared token table, as a logit
lens would do for a residual vector, and the strongest raised and lowered
tokens are listed per concept.
"""
import mlx.core as mx
import numpy as np

LAYER_ID = 26
SHOW = 6


def probe_to_vocab_scores(lm, direction: np.ndarray) -> np.ndarray:
    """Send one probe direction through the output projection; returns [vocab] scores."""
    x = mx.array(direction[None, None, :], dtype=mx.bfloat16)
    scores = lm.logits_from_hidden(x)
    flat = scores[0, 0, :].astype(mx.float32)
    mx.eval(flat)
    return np.array(flat)


def report(lm, probes: dict) -> list:
    rows = []
    for concept, probe in probes.items():
        scores = probe_to_vocab_scores(lm, probe.direction)
        raised = np.argsort(-scores)[:SHOW]
        lowered = np.argsort(scores)[:SHOW]
        rows.append({
            "concept": concept,
            "raised": [lm.tokenizer.decode([int(t)]) for t in raised],
            "raised_scores": scores[raised].tolist(),
            "lowered": [lm.tokenizer.decode([int(t)]) for t in lowered],
            "lowered_scores": scores[lowered].tolist(),
        })
        print(concept, rows[-1]["raised"], "|", rows[-1]["lowered"])
    return rows
