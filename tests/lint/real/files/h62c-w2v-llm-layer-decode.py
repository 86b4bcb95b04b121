# Synthetic rewrite of the shape of Iust1n2/Mech-Interp:word2vec_llm/modeling.py at 61397d790d5c63b536fb2426d6f6fd21f0d3f678 (licence NOASSERTION); not the original text.
import torch


class BaseInspector:
    def __init__(self, model, n_layers):
        self.model = model
        self.n_layers = n_layers
        self.handles = []
        self.model.saved_ = {}

    def grab(self, key):
        def _hook(mod, inputs, outputs):
            self.model.saved_[key] = outputs[0][:, -1].detach()
        return _hook

    def clear(self):
        for h in self.handles:
            h.remove()
        self.handles = []


class Gpt2Inspector(BaseInspector):
    """Read every layer's last-position state through the output head."""

    def decode_layers(self, layer_states):
        per_layer = []
        final = len(layer_states) - 1
        for idx, state in enumerate(layer_states):
            last = state[:, -1, :]
            # the final hidden state already went through the closing norm
            z = last if idx == final else self.model.transformer.ln_f(last)
            scores = self.model.lm_head.weight @ z.T
            per_layer.append(scores)
        return per_layer

    def attach(self):
        for i in range(self.n_layers):
            blk = self.model.transformer.h[i]
            self.handles.append(blk.attn.register_forward_hook(self.grab(f"attn_{i}")))
            self.handles.append(blk.mlp.register_forward_hook(self.grab(f"mlp_{i}")))


def top_tokens_per_layer(inspector, tokenizer, layer_states, k=5):
    out = []
    for scores in inspector.decode_layers(layer_states):
        ids = torch.topk(scores[:, 0], k).indices.tolist()
        out.append([tokenizer.decode([t]) for t in ids])
    return out
