# cosaudit corpus, synthetic file: same shape as gokamoda/logit-lens/src/logit_lens/logit_lens.py at df28c1451dc38816c114782be327574dad92c18b (licence NOASSERTION); new code, no text copied.
import torch


class LogitLens:
    """Context manager that records each decoder layer's output and decodes it with the final norm and head."""

    def __init__(self, model, topn=10):
        self.model = model
        self.topn = topn
        self.records = []
        self.handles = []

    def _hook(self, _module, _inputs, output):
        hidden = output[0] if isinstance(output, tuple) else output
        self.records.append(self.lens_forward(hidden.detach()))

    def lens_forward(self, x: torch.Tensor):
        probs = torch.nn.functional.softmax(self.model.lm_head(self.model.model.norm(x)), dim=-1)
        return torch.topk(probs, self.topn, dim=-1)

    def __enter__(self):
        for layer in self.model.model.layers:
            self.handles.append(layer.register_forward_hook(self._hook))
        return self

    def __exit__(self, *exc):
        for h in self.handles:
            h.remove()
