# Synthetic rewrite of the shape of code-paul-creator/CausalTrace:logit_lens.py at b6cc8f8ff623b8d90273bf66c261847e5bd8a24b (licence MIT); not the original text.
"""Layer-by-layer readout: push each cached residual state through the final
norm and the output head, then report the most likely tokens per layer."""

import torch


class LayerReadout:
    def __init__(self, wrapped):
        self.wrapped = wrapped
        self.final_norm = self._find_module(("transformer.ln_f", "gpt_neox.final_layer_norm", "model.norm"))
        self.head = self._find_head()

    def _find_module(self, dotted_names):
        for dotted in dotted_names:
            node = self.wrapped.model
            try:
                for piece in dotted.split("."):
                    node = getattr(node, piece)
                return node
            except AttributeError:
                pass
        raise AttributeError("no final norm found for this architecture")

    def _find_head(self):
        # the vocabulary projection (lm_head or embed_out)
        for name in ("lm_head", "embed_out"):
            if hasattr(self.wrapped.model, name):
                return getattr(self.wrapped.model, name)
        raise AttributeError("no output head found")

    def per_layer_top(self, text, where=-1, k=5):
        final_logits, states = self.wrapped.forward_with_states(text)
        rows = []
        for depth in range(self.wrapped.n_layers):
            resid = states.get(depth)
            if resid is None:
                continue
            with torch.no_grad():
                scores = self.head(self.final_norm(resid[:, where, :].unsqueeze(0)))[0, 0]
                dist = scores.softmax(-1)
            best = dist.topk(k)
            rows.append({
                "depth": depth,
                "tokens": [(self.wrapped.tokenizer.decode([int(i)]), float(p))
                           for i, p in zip(best.indices, best.values)],
            })
        return rows, final_logits[0, where].softmax(-1).topk(k)

    def probability_path(self, text, token_text, where=-1):
        tid = self.wrapped.tokenizer.encode(token_text)[-1]
        _, states = self.wrapped.forward_with_states(text)
        path = []
        for depth in range(self.wrapped.n_layers):
            resid = states.get(depth)
            if resid is None:
                path.append(0.0)
                continue
            with torch.no_grad():
                scores = self.head(self.final_norm(resid[:, where, :].unsqueeze(0)))[0, 0]
            path.append(scores.softmax(-1)[tid].item())
        return path
