# expect: COS301
"""A head saved by one notebook and loaded by the next under its own name (`W_U = torch.load(...)`,
`unembed = np.load(...)`, `classifier_weights = fetch(...)`): taken at its name, as the same
name would be if it were never bound. The look-alikes stay quiet: a logit lens with the loaded
`W_U`, a loaded matrix under another name, and a name bound to arithmetic on unknown values.

Shapes seen in public notebooks; written for cosaudit's tests.
"""
import numpy as np
import torch

W_U = torch.load("artifacts/W_U.pt")
label_gram = torch.einsum("dv,dw->vw", W_U, W_U)  # expect: COS102
resid = torch.load("artifacts/resid.pt")
lens = resid @ W_U

unembed = np.load("artifacts/unembed.npy")
unit = unembed / np.linalg.norm(unembed, axis=1, keepdims=True)
near = unit[10] @ unit.T  # expect: COS101


def fetch(run):
    return run.artifacts["clf"]


classifier_weights = fetch(run)
pair = torch.cosine_similarity(classifier_weights[0], classifier_weights[1], dim=0)  # expect: COS101

E = np.load("artifacts/vectors.npy")
E_unit = E / np.linalg.norm(E, axis=1, keepdims=True)
other = E_unit @ E_unit.T
head_weights = np.load("a.npy") - np.load("a.npy").mean(axis=0)
centred_pair = head_weights[0] @ head_weights[1]
head_weights = get_head_weights(layer=0, head=3)
qk = head_weights @ head_weights.T
