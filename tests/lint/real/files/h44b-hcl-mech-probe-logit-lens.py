# Synthetic rewrite of the shape of czhs/hcl-ml:hcl/mech_probe.py at 75ec320aa18f1622995e8bf7e5ef24e534f76ddc (licence NOASSERTION); not the original text.
"""Per-layer readout of a frozen LM that receives one projected sensor vector.

For every layer we (a) fit a linear probe for the activity label and
(b) apply the logit lens: final norm, then the output head, then softmax,
and report how much probability lands on the label words.
"""
import numpy as np
import torch
import torch.nn.functional as F
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import cross_val_score


def layer_readout(bridge, windows, labels, tokenizer, label_words):
    lm = bridge.lm
    with torch.no_grad():
        prefix = bridge.prompt_embeds(windows)                 # (B, T, d)
        out = lm(inputs_embeds=prefix, output_hidden_states=True)
    last = torch.stack([h[:, -1].float() for h in out.hidden_states])   # (L+1, B, d)

    probe_acc = []
    for states in last.cpu().numpy():
        clf = LogisticRegression(max_iter=1000)
        probe_acc.append(float(cross_val_score(clf, states, labels, cv=3).mean()))

    W_U = lm.get_output_embeddings().weight.detach().float()
    word_ids = sorted({i for w in label_words
                       for i in tokenizer(w, add_special_tokens=False).input_ids})
    final_norm = lm.model.norm
    lens_mass = []
    with torch.no_grad():
        for states in last:
            p = F.softmax(final_norm(states) @ W_U.T, dim=-1)
            lens_mass.append(float(p[:, word_ids].sum(-1).mean()))
    return {"probe": probe_acc, "lens_label_mass": lens_mass}
