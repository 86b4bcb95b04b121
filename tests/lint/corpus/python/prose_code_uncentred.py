# expect: COS301
"""The look-alike of prose_code_centring.py: the same docstring, but the code never subtracts the
mean row, so the docstring's cosine of head rows stands without its caveat.

Written for cosaudit's tests.
"""
import torch.nn.functional as F


def readouts(model, sums):
    """Cosine-only vs dot-product readout of the digit unembeddings."""  # expect: COS202
    rows = model.lm_head.weight.detach()[:10]
    cos_sim = F.cosine_similarity(rows[3], rows[4], dim=0)  # expect: COS101
    return (sums @ rows.T).argmax(1), cos_sim
