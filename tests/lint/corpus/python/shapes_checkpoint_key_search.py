"""A checkpoint's head found by searching its keys: a plain loop over the dict that tests each key,
`next(...)` over a generator that keeps the head's key, and a list of kept keys indexed afterwards.
Beside them, the look-alikes that stay quiet: a key test that names a hidden layer, and a difference of
the head's rows.

Shapes seen in public weight-analysis scripts; written for cosaudit's tests.
"""
import re

import torch
import torch.nn.functional as F
from scipy.spatial.distance import cosine

state = torch.load("classifier.pth", map_location="cpu")
state = state.get("state_dict", state)

for key in state:
    if key.endswith("fc.weight"):
        W = state[key].numpy()
print(1 - cosine(W[0], W[1]))  # expect: COS101
print(W[0] - W[1])

for key in state:
    if key.endswith("layer4.0.conv1.weight"):
        K = state[key].flatten(1).numpy()
print(1 - cosine(K[0], K[1]))

name = next(k for k in state if k.endswith("classifier.weight"))
rows = state[name]
print(F.cosine_similarity(rows[3], rows[4], dim=0))  # expect: COS101
print(rows[3] - rows[4])

kept = [k for k in state if "head" in k and k.endswith("weight")]
H = state[kept[-1]]
Hn = H / H.norm(dim=1, keepdim=True)
print(Hn @ Hn.T)  # expect: COS101

hidden = [k for k in state if k.endswith("fc1.weight")]
M = state[hidden[0]]
Mn = M / M.norm(dim=1, keepdim=True)
print(Mn @ Mn.T)


def locate_output_rows(sd):
    """Return (matrix, key) for the last classification layer in a state dict."""
    for rule in (r"fc\.weight$", r"classifier\.weight$"):
        for key in sd:
            if re.search(rule, key):
                return sd[key].numpy(), key
    return None, None


def locate_feature_rows(sd):
    """Return (matrix, key) for the stored class-mean features."""
    for key in sd:
        if key.startswith("means"):
            return sd[key].numpy(), key
    return None, None


head_rows, head_key = locate_output_rows(state)
print(1 - cosine(head_rows[0], head_rows[1]))  # expect: COS101
means, means_key = locate_feature_rows(state)
print(1 - cosine(means[0], means[1]))
