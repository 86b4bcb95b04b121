# Synthetic rewrite of the shape of tntek/source-free-domain-adaptation:src/methods/oh/cowa.py at 5f7fe578c64ad84a9126157c3aab3aa4ba825bc6 (licence NOASSERTION); not the original text.
import numpy as np
import torch
import torch.nn as nn


@torch.no_grad()
def confidence_weights(cfg, loader, net_f, net_b, net_c, fit_mixture):
    """Pseudo-labels from a Gaussian mixture on target features plus a per-sample confidence."""
    feats, logits = [], []
    for x, _ in loader:
        f = net_b(net_f(x.cuda()))
        feats.append(f.float())
        logits.append(net_c(f).float())
    feats, logits = torch.cat(feats), torch.cat(logits)
    probs = nn.Softmax(dim=1)(logits)

    # prediction entropy turned into an 'is it known?' weight
    ent = -(probs * torch.log(probs + cfg.eps)).sum(1)
    known_w = 1 - ent / np.log(cfg.class_num)

    if cfg.distance == "cosine":
        feats = feats / feats.norm(p=2, dim=1, keepdim=True)

    mass = probs.sum(0)
    means = probs.t() @ feats / mass[:, None]
    uniform = torch.full((len(feats), cfg.class_num), 1.0 / cfg.class_num, device=feats.device)
    loglik, resp = fit_mixture(cfg, feats, mass, means, uniform)
    mass = resp.sum(0)
    means = resp.t() @ feats / mass[:, None]
    loglik, resp = fit_mixture(cfg, feats, mass, means, resp)
    labels = resp.argmax(1)

    top2 = loglik.sort(dim=1, descending=True)[0]
    gap = top2[:, 0] - top2[:, 1]
    gap = gap / gap.max()
    # joint model-data score: likelihood gap times the model's own probability for the label
    own_prob = probs.gather(1, labels[:, None]).squeeze(1)
    score = gap * own_prob
    return resp, score, known_w
