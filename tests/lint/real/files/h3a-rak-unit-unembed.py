# cosaudit corpus, synthetic file: same shape as rakaar/april-2026-max-of-list-mech-interp/scripts/analysis/model1_unit_unembed_experiment.py at a535ed7c867589ebd4cde927682ea514cc08aa51 (licence NOASSERTION); new code, no text copied.
"""Compare dot-product and cosine-only readouts of the max-of-list model, with and without unit-norm unembeddings."""
import torch
import torch.nn.functional as F


def readout_accuracy(model, batches):
    """fraction of inputs whose answer is recovered by each readout of the final state and of the head sum"""
    table = model.unembed.weight.detach()                  # (vocab, d_model)
    hits = {"dot": 0, "heads_dot": 0, "cos": 0, "heads_cos": 0}
    total = 0
    for tokens, answer in batches:
        final, head_sum = model.final_state_and_head_sum(tokens)
        for tag, state in (("", final), ("heads_", head_sum)):
            hits[tag + "dot"] += int(((state @ table.T).argmax(1) == answer).sum())
            sims = F.normalize(state, dim=1) @ F.normalize(table, dim=1).T
            hits[tag + "cos"] += int((sims.argmax(1) == answer).sum())
        total += len(answer)
    return {k: v / total for k, v in hits.items()}


def cumulative_cosine(coords, candidates):
    """cosine readout using only the first k coordinates, for every k at once: (batch, dims, candidates)"""
    running = (coords[:, :, None] * candidates.T[None]).cumsum(1)
    a = coords.square().cumsum(1).sqrt().clamp_min(1e-12)
    b = candidates.square().cumsum(1).sqrt().clamp_min(1e-12)
    return running / (a[:, :, None] * b.T[None])


def lowdim_curves(coords, table, basis):
    """raw and centred candidates in a PCA basis of the unembedding"""
    raw = table @ basis
    centred = (table - table.mean(0)) @ basis
    return {"cos_raw": cumulative_cosine(coords, raw).argmax(2), "cos_centred": cumulative_cosine(coords, centred).argmax(2)}
