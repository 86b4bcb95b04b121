# cosaudit corpus, synthetic file: same shape as saprmarks/geometry-of-truth/interventions.py at 5d1c630c44f7e50bda7ad86d601ccadf9abc5ddb (licence NOASSERTION); new code, no text copied.
import torch as t

from probes import LRProbe, MMProbe
from utils import collect_acts, load_labels


def steering_direction(model_name, datasets, layer, probe_cls=MMProbe):
    acts = t.cat([collect_acts(d, model_name, layer) for d in datasets])
    labels = t.cat([load_labels(d) for d in datasets])
    probe = probe_cls.from_data(acts, labels)
    direction = probe.direction
    true_mean = acts[labels == 1].mean(0)
    false_mean = acts[labels == 0].mean(0)
    direction = direction / direction.norm()
    gap = (true_mean - false_mean) @ direction
    return (gap * direction).cpu()


def intervene(model, prompts, direction, positions, mode="add"):
    """Add (or subtract) the truth direction at the given residual positions and return P(TRUE) - P(FALSE)."""
    sign = {"add": 1.0, "subtract": -1.0, "none": 0.0}[mode]
    with model.trace(prompts):
        for layer, pos in positions:
            model.layers[layer].output[0][:, pos, :] += sign * direction
        out = model.lm_head.output[:, -1, :].softmax(-1).save()
    return out[:, model.true_id] - out[:, model.false_id]
