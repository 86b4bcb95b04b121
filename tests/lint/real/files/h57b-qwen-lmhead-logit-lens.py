# Synthetic rewrite of the shape of Devdesai1901/LogitLense:model_helper/qwen_3_4B_helper.py at 1d170c49fbad0682029e10c3c61ddea9566e1dc6 (licence NOASSERTION); not the original text.
import numpy as np
import torch


class LayerTap(torch.nn.Module):
    """Wraps a decoder layer and keeps the last-position hidden state it emits."""

    def __init__(self, layer):
        torch.nn.Module.__init__(self)
        self.layer = layer
        self.kept = []

    def forward(self, inputs, *rest, **options):
        out = self.layer(inputs, *rest, **options)
        hidden = out[0] if type(out) is tuple else out
        self.kept.append(hidden[:, -1:, :])
        return out


class QwenLensHelper:
    def __init__(self, model, tokenizer, layers_to_tap):
        self.model = model
        self.tokenizer = tokenizer
        self.final_norm = model.model.norm
        self.head = model.lm_head
        for i in layers_to_tap:
            model.model.layers[i] = LayerTap(model.model.layers[i])
        self.layers_to_tap = list(layers_to_tap)

    def decode_hidden(self, hidden, k=3):
        """Push intermediate hidden states through the final norm and the LM head."""
        with torch.no_grad():
            if hidden.dim() == 2:
                hidden = hidden.unsqueeze(0)
            dtype = self.head.weight.dtype
            z = self.final_norm(hidden).to(dtype)
            logits = self.head(z)
            vals, idx = torch.topk(logits, k=k, dim=-1)
            p = torch.softmax(vals, dim=-1)
            idx = idx.squeeze(0).cpu()
            pct = (p.squeeze(0) * 100).to(torch.int16).cpu()
            words = self.tokenizer.batch_decode(idx.reshape(-1, 1).tolist(),
                                                skip_special_tokens=True)
            words = np.array(words, dtype=object).reshape(idx.shape).tolist()
            return [list(zip(w, q)) for w, q in zip(words, pct.tolist())]

    def lens_per_layer(self):
        report = {}
        for i in self.layers_to_tap:
            tap = self.model.model.layers[i]
            if tap.kept:
                report[i] = self.decode_hidden(torch.cat(tap.kept, dim=1))
        return report
