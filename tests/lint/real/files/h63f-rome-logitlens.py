# Synthetic rewrite of the shape of kmeng01/rome:util/logit_lens.py at 0874014cd9837e4365f3e6f3c71400ef11509e04 (licence MIT); not the original text.
"""Read every block's output through the final norm and the output head (a logit lens).

Meant for one generation at a time: the hooks keep only the last call.
"""
from collections import defaultdict

import torch

from tools import hooks


class LayerReadout:
    def __init__(self, net, tokenizer, block_pattern, final_norm_name, head_name, off=False):
        self.off = off
        self.net = net
        self.tokenizer = tokenizer
        self.depth = net.config.n_layer
        self.head = hooks.find_module(net, head_name)
        self.final_norm = hooks.find_module(net, final_norm_name)
        self.block_names = [block_pattern.format(i) for i in range(self.depth)]
        self.recorder = None
        self.dists = None

    def __enter__(self):
        if self.off:
            return self
        self.recorder = hooks.Recorder(self.net, self.block_names, keep_output=True)
        self.recorder.__enter__()
        return self

    def __exit__(self, *exc):
        if self.off:
            return
        self.recorder.__exit__(*exc)
        self.dists = {}
        with torch.no_grad():
            for i, (_, rec) in enumerate(self.recorder.items()):
                hidden = rec.output[0]
                if hidden.shape[0] != 1:
                    raise ValueError("one sequence at a time, please")
                last = hidden[:, -1, :]
                # the layer's residual read out through the real head, then softmaxed
                self.dists[i] = torch.softmax(self.head(self.final_norm(last)), dim=1)

    def show(self, k=5):
        table = defaultdict(list)
        for i, probs in self.dists.items():
            vals, idx = torch.topk(probs[0], k)
            for v, t in zip(vals, idx):
                table[i].append((self.tokenizer.decode(t), round(v.item() * 100)))
        for i in range(self.depth):
            print(f"{i}: {table[i]}")
