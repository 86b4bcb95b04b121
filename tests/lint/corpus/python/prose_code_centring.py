"""Readout by direction alone, against the dot-product readout, in a script whose code takes the
caveat upon itself: it subtracts the mean row over the ten digits before any cosine.

Shape seen in public mechanistic-interpretability scripts; written for cosaudit's tests.
"""
import torch.nn.functional as F


def readouts(model, sums):
    """Cosine-only vs dot-product readout of the digit unembeddings."""
    rows = model.lm_head.weight.detach()[:10]
    rows_c = rows - rows.mean(dim=0)
    cos_sim = F.cosine_similarity(rows_c[3], rows_c[4], dim=0)  # expect: COS110
    return (sums @ rows_c.T).argmax(1), cos_sim
