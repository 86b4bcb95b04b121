# cosaudit corpus, synthetic file: same shape as awesomealex1/NEO/measure_nc.py at 5c97a3143ff3e1f0f8ae22bdadd21e73218136e2 (licence NOASSERTION); new code, no text copied.
import json
from pathlib import Path

import torch

from neural_collapse.accumulate import DecAccumulator, MeanAccumulator, VarNormAccumulator
from neural_collapse.measure import clf_ncc_agreement, self_duality_error, simplex_etf_error, variability_cdnv


def last_linear_weight(net):
    for name in ("head", "classifier", "fc"):
        layer = getattr(net, name, None)
        if isinstance(layer, torch.nn.Linear):
            return layer.weight.data
    linears = [m for m in net.modules() if isinstance(m, torch.nn.Linear)]
    if not linears:
        raise ValueError("no linear layer found")
    return linears[-1].weight.data


def collapse_under_corruption(net, extract, loader, device, out: Path):
    W = last_linear_weight(net).to(device)
    n_cls, dim = W.shape
    feats, labels = extract(loader)
    means_acc = MeanAccumulator(n_cls, dim, device)
    means_acc.accumulate(feats, labels)
    means, grand = means_acc.compute()
    var_acc = VarNormAccumulator(n_cls, dim, device, M=means)
    var_acc.accumulate(feats, labels, means)
    var_norms, _ = var_acc.compute()
    dec_acc = DecAccumulator(n_cls, dim, device, M=means, W=W)
    dec_acc.accumulate(feats, labels, W, means)
    scores = {
        "cdnv": float(variability_cdnv(var_norms, means)),
        "etf_err": float(simplex_etf_error(means, grand)),
        "duality_err": float(self_duality_error(W, means, grand)),
        "ncc_agree": float(clf_ncc_agreement(dec_acc)),
    }
    out.write_text(json.dumps(scores, indent=2))
    return scores
