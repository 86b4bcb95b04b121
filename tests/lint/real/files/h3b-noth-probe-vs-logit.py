# cosaudit corpus, synthetic file: same shape as JohnRMorrison/nothello_world/mechanistic_interpretability/probe_vs_logit_directions.py at 9f1e6752544a1bad0e693151fe2bad7609bc31b3 (licence MIT); new code, no text copied.
"""
Are probe interventions and logit interventions the same thing?

For each position: flip one board cell with the probe at layer 5, see which moves change legality,
take the gradient of each such move's logit with respect to the layer-5 activation, and compare that
gradient with the probe direction by cosine.
"""
import torch


def logit_gradients(model, tokens, pos, layer, move_ids):
    h = None

    def keep(act, hook):
        nonlocal h
        act.retain_grad()
        h = act
        return act

    logits = model.run_with_hooks(tokens, fwd_hooks=[(f"blocks.{layer}.hook_resid_post", keep)])
    grads = {}
    for i, m in enumerate(move_ids):
        logits[0, pos, m].backward(retain_graph=i < len(move_ids) - 1)
        grads[m] = h.grad[0, pos].detach().clone()
        h.grad.zero_()
    return grads


def cos(a, b):
    na, nb = a.norm(), b.norm()
    return 0.0 if na < 1e-10 or nb < 1e-10 else (a @ b / (na * nb)).item()


def compare(model, probe_dir, tokens, pos, changed_moves, layer=5):
    grads = logit_gradients(model, tokens, pos, layer, changed_moves)
    return {m: cos(probe_dir, g) for m, g in grads.items()}
