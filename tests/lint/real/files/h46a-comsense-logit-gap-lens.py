# Synthetic rewrite of the shape of markxiong0122/comsense-circuits:logit_lens.py at 5c96bd411085a096b97a82719840e12a3ec53a52 (licence NOASSERTION); not the original text.
"""Per-layer True/False preference read from cached residuals (logit lens with a logit gap)."""
import torch


def layer_gap_trace(model, resid_stack, yes_id, no_id, label_is_true):
    """resid_stack: [n_layers, d_model] final-token residuals saved earlier."""
    dev, dt = model.W_U.device, model.W_U.dtype
    trace = {"yes": [], "no": [], "gap": [], "signed": [], "right": []}
    for layer in range(resid_stack.shape[0]):
        r = resid_stack[layer].to(device=dev, dtype=dt)[None, None, :]
        normalized = model.ln_final(r)
        logits = model.unembed(normalized)[0, 0, :]
        y, n = float(logits[yes_id]), float(logits[no_id])
        gap = y - n
        signed = gap if label_is_true else -gap
        trace["yes"].append(y)
        trace["no"].append(n)
        trace["gap"].append(gap)
        trace["signed"].append(signed)
        trace["right"].append((gap > 0) == bool(label_is_true))
    # first layer at which the model settles on the wrong answer for good
    wrong = [not ok for ok in trace["right"]]
    settle = next((i for i in range(len(wrong)) if all(wrong[i:])), None)
    trace["wrong_from_layer"] = settle
    return trace
