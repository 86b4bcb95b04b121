# Synthetic rewrite of the shape of stanfordnlp/pyvene:pyvene/models/basic_utils.py at 9e333904dcf9e597ca76170010d17f4d4580de8d (licence Apache-2.0); not the original text.
"""Small helpers shared by the intervention code."""
import os
import random

import numpy as np
import torch
from torch import nn

log_softmax = nn.LogSoftmax(dim=2)
softmax = nn.Softmax(dim=2)


def ensure_dir(path):
    """Make `path` if it is missing."""
    os.makedirs(path, exist_ok=True)


def hidden_to_vocab(model, hidden, log=False, raw=False):
    """Read a hidden vector as a distribution over tokens using the (tied) GPT-2 token table."""
    arch = model.config.architectures[0].lower()
    if "gpt2" in arch:
        with torch.inference_mode():
            scores = torch.matmul(hidden, model.wte.weight.t())
        if raw:
            return scores
        return log_softmax(scores) if log else softmax(scores)
    raise NotImplementedError(f"no vocabulary readout for {arch}")


def seed_everything(seed: int):
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    torch.cuda.manual_seed_all(seed)
