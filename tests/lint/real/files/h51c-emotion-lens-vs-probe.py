# Synthetic rewrite of the shape of BioscaG/transformer-structural-compression-v2:viz/interactive/lens_vs_probe.py at 44ddb0e8638ce3daae22277ee0191897a7da625d (licence NOASSERTION); not the original text.
"""Per layer: what a fresh linear probe can decode vs what the trained head reads.

The trained pooler + classifier (fit on the last layer) is applied to the [CLS]
vector of every layer; the per-class score is read through an element-wise sigmoid
(the head was trained multi-label).
"""
import json

import numpy as np
import pandas as pd
from transformers import AutoModelForSequenceClassification


def head_readout_by_layer(checkpoint, cache_npz, meta_json, emotions):
    cls_states = np.load(cache_npz)["cls_per_layer"]           # (N, layers, hidden)
    gold = json.loads(open(meta_json).read())["label_names"]
    net = AutoModelForSequenceClassification.from_pretrained(checkpoint)
    Wp = net.bert.pooler.dense.weight.detach().numpy()
    bp = net.bert.pooler.dense.bias.detach().numpy()
    W = net.classifier.weight.detach().numpy()
    b = net.classifier.bias.detach().numpy()

    pooled = np.tanh(np.einsum("nlh,ph->nlp", cls_states, Wp) + bp)
    scores = np.einsum("nlp,ep->nle", pooled, W) + b
    probs = 1.0 / (1.0 + np.exp(-scores))
    idx = np.array([emotions.index(g) for g in gold])
    return probs[np.arange(len(idx)), :, idx].mean(axis=0)      # (layers,)


def probe_f1_by_layer(csv_path):
    table = pd.read_csv(csv_path).set_index("emotion")
    return table.mean(axis=0).to_numpy()
