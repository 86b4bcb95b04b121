# Synthetic rewrite of the shape of earlyprototype/ATR_research:_STAGE2_JSPACE/experiments/exp_010c_windows/permutation_test.py at 1f9a41d4fc3cb430a30020cbf936658e35fe675b (licence NOASSERTION); not the original text.
"""Matched-null test: are the loop's end tokens closer together than chance?

Only the token table of the medium GPT-2 checkpoint is read; no forward pass.
"""
import numpy as np
import torch


def avg_pair_cos(token_ids, unit_rows):
    """Average cosine over all unordered pairs; unit_rows has unit-length rows."""
    block = unit_rows[token_ids]
    gram = block @ block.T
    upper = np.triu_indices(len(token_ids), k=1)
    return float(gram[upper].mean())


def run(checkpoint_path, groups, null_draws):
    state = torch.load(checkpoint_path, map_location="cpu", weights_only=True)
    # no lm_head key in the checkpoint: the decoder matrix is the token table itself
    assert not any(key.startswith("lm_head") for key in state)
    wte = state["wte.weight"].float().numpy()
    # rows of the table double as the unembedding columns, so one set of cosines
    # covers the input side and the readout side at once
    unit_rows = wte / np.linalg.norm(wte, axis=1, keepdims=True)
    report = {}
    for name, ids in groups.items():
        observed = avg_pair_cos(np.asarray(ids), unit_rows)
        null = np.array([avg_pair_cos(d, unit_rows) for d in null_draws[name]])
        report[name] = {
            "cos_input_side": observed,
            "cos_readout_side": observed,  # same numbers because the head is tied
            "p": float((1 + (null >= observed).sum()) / (len(null) + 1)),
        }
    return report
