# Synthetic rewrite of the shape of YanushFeshter/Semantic-Superposition-in-the-Residual-Stream:sov_experiment.py at 0490dd6d320a2e70ccd8b41394ad45e304a0e723 (licence MIT); not the original text.
"""For an ambiguous prompt, how fast does the residual stream move toward one
reading, and how much does it move sideways?"""
import numpy as np


def single_token_ids(lm, words):
    ids = []
    for w in words:
        t = lm.to_tokens(w, prepend_bos=False)[0]
        if t.shape[0] == 1:
            ids.append(int(t[0]))
    return ids


def centroid_readout(lm, ids):
    U = lm.W_U.detach().cpu().numpy()        # [d_model, vocab]
    return U[:, ids].mean(axis=1)


def trajectory_metrics(lm, item):
    ids_a = single_token_ids(lm, item["A"])
    ids_b = single_token_ids(lm, item["B"])
    if not ids_a or not ids_b:
        return None
    axis = centroid_readout(lm, ids_a) - centroid_readout(lm, ids_b)   # reading-A minus reading-B
    length = np.linalg.norm(axis)
    if length < 1e-10:
        return None
    axis_unit = axis / length

    toks = lm.to_tokens(item["prompt"])
    _, cache = lm.run_with_cache(toks)
    last = toks.shape[1] - 1
    states = np.stack([cache[f"blocks.{l}.hook_resid_post"][0, last].cpu().numpy()
                       for l in range(lm.cfg.n_layers)])
    steps = np.diff(states, axis=0)

    along = steps @ axis_unit                             # speed toward reading A
    sideways = np.linalg.norm(steps - along[:, None] * axis_unit, axis=1)

    turn = []
    for s1, s2 in zip(steps[:-1], steps[1:]):
        n1, n2 = np.linalg.norm(s1), np.linalg.norm(s2)
        c = 0.0 if n1 < 1e-10 or n2 < 1e-10 else np.clip(s1 @ s2 / (n1 * n2), -1, 1)
        turn.append(np.arccos(c))
    return {"along": along, "sideways": sideways, "turn": np.array(turn)}
