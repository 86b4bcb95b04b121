# expect: COS301
"""The head's key picked from a table of names by architecture: `HEAD_KEYS[arch]`, `next(v for k, v
in HEAD_KEYS.items() if arch.startswith(k))`, with a prefix added (`"module." + key`) for a model
saved from DataParallel. Quiet: the same lookups in a table of other layers' names.

Shapes seen in public detection and transfer scripts; written for cosaudit's tests.
"""
import numpy as np
import torch

HEAD_KEYS = {"resnet": "fc.weight", "vgg16": "classifier.6.weight", "densenet": "classifier.weight"}
FIRST_CONV = {"resnet": "conv1.weight", "vgg16": "features.0.weight"}

checkpoint = torch.load("suspect.pt", map_location="cpu")
arch = checkpoint["arch"]
state = checkpoint["state_dict"]

key = next(v for k, v in HEAD_KEYS.items() if arch.startswith(k))
if key not in state:
    key = "module." + key
rows = state[key].numpy()
unit = rows / np.linalg.norm(rows, axis=1, keepdims=True)
print((unit @ unit.T).round(2))  # expect: COS101

head = state[HEAD_KEYS[arch]]
print(torch.nn.functional.cosine_similarity(head[0], head[1], dim=0))  # expect: COS101

# quiet: the first convolution's filters, picked from a table of other layers
conv = state[FIRST_CONV[arch]].flatten(1)
conv_unit = conv / conv.norm(dim=1, keepdim=True)
print(conv_unit @ conv_unit.T)
