# Synthetic rewrite of the shape of Hypogenic-AI/compositional-directions-17d5-claude:src/run_experiments.py at b8d3ad38f1a8167215ddbb23ef9d6a0cb5340757 (licence NOASSERTION); not the original text.
"""Do two concept directions compose?  Directions are unit mean differences of
residual activations; we compare them by cosine and check whether steering with
their sum shifts the output logits like the two single steers added together."""
import torch
import torch.nn.functional as F


def concept_direction(pos_acts, neg_acts):
    d = pos_acts.mean(0) - neg_acts.mean(0)
    return d / d.norm()


def vec_cos(a, b):
    return F.cosine_similarity(a[None], b[None]).item()


def last_logits(model, toks, layer=None, vec=None, scale=3.0):
    if vec is None:
        with torch.no_grad():
            return model(toks)[:, -1, :].float().cpu()

    def add(act, hook):
        act[:, -1, :] += scale * vec.to(act.device, act.dtype)
        return act

    with torch.no_grad():
        out = model.run_with_hooks(toks, fwd_hooks=[(f"blocks.{layer}.hook_resid_post", add)])
    return out[:, -1, :].float().cpu()


def composition_report(model, toks, layer, dir_a, dir_b):
    both = (dir_a + dir_b) / (dir_a + dir_b).norm()
    base = last_logits(model, toks)
    moved_a = last_logits(model, toks, layer, dir_a) - base
    moved_b = last_logits(model, toks, layer, dir_b) - base
    moved_ab = last_logits(model, toks, layer, both) - base
    moved_a, moved_b, moved_ab = moved_a.mean(0), moved_b.mean(0), moved_ab.mean(0)
    return {
        "cos_directions": vec_cos(dir_a, dir_b),
        "additivity": vec_cos(moved_ab, moved_a + moved_b),
        "keeps_a": vec_cos(moved_ab, moved_a),
        "keeps_b": vec_cos(moved_ab, moved_b),
    }
