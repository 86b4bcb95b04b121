# Synthetic rewrite of the shape of giordanorogers/transformer_viz:logit_lens.py at bab92eba55427fde6505d8d689e4e9929d437e55 (licence NOASSERTION); not the original text.
"""Layer-by-layer argmax token grid (logit lens) for a heatmap widget."""
import numpy as np
import torch

from backbone import net, tok, run_with_states


def layer_guess_grid(states, lm_head_weight, n_pos):
    guesses, top_scores, top_logp = [], [], []
    for resid in states:
        layer_logits = torch.matmul(resid, lm_head_weight.T)[0]
        g_row, s_row, lp_row = [], [], []
        for pos in range(n_pos):
            row = layer_logits[pos]
            best = int(torch.argmax(row))
            s = float(row[best])
            lp = s - float(torch.logsumexp(row, dim=0))
            g_row.append(tok.decode([best]).strip())
            s_row.append(s)
            lp_row.append(lp)
        guesses.append(g_row)
        top_scores.append(s_row)
        top_logp.append(lp_row)
    return np.array(guesses), np.array(top_scores), np.array(top_logp)


def build_grid(prompt):
    enc, states = run_with_states(prompt)
    lm_head_weight = net.lm_head.weight  # vocab x d_model, used exactly as the model uses it
    n_pos = enc["input_ids"].shape[1]
    guesses, scores, logps = layer_guess_grid(states, lm_head_weight, n_pos)
    cutoff = (scores.max() + scores.min()) / 2
    return guesses, scores, logps, cutoff
