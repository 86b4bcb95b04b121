# expect: COS301
"""Heads fetched the way utility modules fetch them: by an attribute name tried from a list (with the
last `nn.Linear` as a fallback), through a helper imported from elsewhere whose name says it returns
the classifier layer, as a detector's box predictor (`cls_score`), and by scanning a state dict with
`any(p in key.lower() for p in [...])` into a dict that a neighbour search receives. The look-alikes
stay quiet: the same helper's layer applied to features, a backbone fetched by name, the detector's
class scores of region features, and a state-dict scan for normalisation weights.

Shapes seen in public class-pair selection (backdoor trigger inversion) and tied-versus-untied
neighbour-overlap code; written for cosaudit's tests.
"""
import torch
import torch.nn as nn
from model_tools import get_classifier_layer


def classifier_layer(model):
    for attr in ["classifier", "fc"]:
        if hasattr(model, attr):
            layer = getattr(model, attr)
            if hasattr(layer, "weight"):
                return layer
    last = None
    for module in model.modules():
        if isinstance(module, nn.Linear):
            last = module
    return last


def farthest_pairs(model):
    weight = classifier_layer(model).weight.data
    unit = weight / weight.norm(dim=1, keepdim=True)
    sim = unit @ unit.t()  # expect: COS101
    return sim.argmin(dim=1)  # expect: COS103


def farthest_pairs_imported(model):
    layer = get_classifier_layer(model)
    unit = nn.functional.normalize(layer.weight, dim=1)
    return unit @ unit.T  # expect: COS101


def detector_class_similarity(detector):
    w = detector.roi_heads.box_predictor.cls_score.weight.detach()
    w = w / w.norm(dim=1, keepdim=True)
    return w @ w.t()  # expect: COS101


def load_tables(model):
    state = model.state_dict()
    out_rows = None
    for key in state.keys():
        low = key.lower()
        if any(p in low for p in ["lm_head.weight", "embed_out.weight"]):
            out_rows = state[key]
    return {"output": out_rows.float(), "tied": out_rows is None}


def knn(rows, k):
    unit = rows / (rows.norm(dim=1, keepdim=True) + 1e-8)
    sims = unit @ unit.T
    return sims.topk(k, dim=1).indices  # expect: COS103


def neighbour_table(model):
    tables = load_tables(model)
    return knn(tables["output"], 10)  # expect: COS101


# look-alikes
def class_probabilities(model, features):
    layer = get_classifier_layer(model)
    return layer(features).softmax(dim=-1)


def backbone_similarity(model, images):
    for attr in ["backbone", "encoder"]:
        if hasattr(model, attr):
            trunk = getattr(model, attr)
            feats = nn.functional.normalize(trunk(images), dim=1)
            return feats @ feats.T
    return None


def region_scores(detector, region_features):
    w = detector.roi_heads.box_predictor.cls_score.weight
    return (region_features @ w.t()).softmax(dim=-1)


def norm_scales(model):
    state = model.state_dict()
    scales = []
    for key in state.keys():
        if any(p in key.lower() for p in ["layernorm.weight", "ln_f.weight"]):
            scales.append(state[key])
    unit = [s / s.norm() for s in scales]
    return [a @ b for a, b in zip(unit, unit[1:])]
