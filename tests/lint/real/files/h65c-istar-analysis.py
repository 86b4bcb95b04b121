# Synthetic rewrite of the shape of bcbi-edu/p_eickhoff_isoscore:I-STAR/analysis.py at 1edad0b7f6d30099687a851ee150d3b02f50c217 (licence NOASSERTION); not the original text.
"""Representation statistics for a fine-tuned encoder: isotropy, intrinsic
dimension and the mean pairwise cosine of final-layer token states."""
import numpy as np
import torch


class MeanPairCosine(torch.nn.Module):
    """Average cosine over every pair of points (diagonal removed)."""

    def forward(self, pts):
        unit = pts / pts.norm(dim=1, keepdim=True)
        gram = unit @ unit.T
        n = gram.shape[0]
        return (gram.sum() - n) / n ** 2


def twonn_dimension(estimator_cls, cloud):
    return estimator_cls().fit(cloud).dimension_


def summarise_states(cfg, model, eval_loader, evaluate, isotropy_fn, estimator_cls,
                     final_layer=12):
    score, token_states, sentence_states = evaluate(cfg, eval_loader, model)
    report = {"score": score}

    every_layer = [np.vstack(token_states[k]) for k in token_states if k != "labels"]
    cloud = np.vstack(every_layer).T
    report["isotropy_all"] = isotropy_fn(cloud)
    report["id_all"] = twonn_dimension(estimator_cls, cloud)

    report["isotropy_by_layer"] = []
    for layer, rows in sentence_states.items():
        if layer == "labels":
            continue
        sent = torch.tensor(np.vstack(rows))
        report["isotropy_by_layer"].append(float(isotropy_fn(sent.numpy().T)))
        if layer == final_layer:
            # contextual token states of the last block, not any weight matrix
            toks = torch.tensor(np.vstack(token_states[layer]))
            report["mean_cosine"] = MeanPairCosine()(toks)
            report["centroid"] = toks.mean(dim=0)
            report["spread"] = toks.std(dim=0)
    return report
