# Synthetic rewrite of the shape of chrishayuk/chuk-mlx:examples/introspection/experiments/layers/embedding_analysis.py at fc4ad2a3f997b8ee008d3c588e408f03a1b7a914 (licence NOASSERTION); not the original text.
"""Look at the raw token table of a small model, before any layer runs."""
import mlx.core as mx
import numpy as np


class TableInspector:
    def __init__(self, model, tokenizer, model_id="unknown"):
        self.model = model
        self.tokenizer = tokenizer
        self.model_id = model_id
        self.embeddings = self._pull_table()

    def _pull_table(self):
        layer = None
        inner = getattr(self.model, "model", None)
        if inner is not None:
            for name in ("embed_tokens", "wte", "embeddings"):
                if hasattr(inner, name):
                    layer = getattr(inner, name)
                    break
        if layer is None:
            layer = getattr(self.model, "embed_tokens", None)
        if layer is None:
            raise ValueError("no token table found")
        return np.array(layer.weight.astype(mx.float32), copy=False)

    def neighbours(self, word, k=10):
        ids = self.tokenizer.encode(word, add_special_tokens=False)
        if not ids:
            return []
        query = self.embeddings[ids[0]]
        qn = np.linalg.norm(query)
        if qn == 0:
            return []
        row_norms = np.linalg.norm(self.embeddings, axis=1)
        ok = row_norms > 0
        sims = np.full(len(self.embeddings), -1.0)
        sims[ok] = self.embeddings[ok] @ query / (
            row_norms[ok] * qn
        )
        sims[ids[0]] = -1.0
        best = np.argsort(sims)[-k:][::-1]
        for t in best:
            print(f"  {sims[t]:.3f}  {self.tokenizer.decode([int(t)])!r}")
        return [(int(t), float(sims[t])) for t in best]


def main():
    from mlx_lm import load
    model, tok = load("mlx-community/functiongemma-270m-it-bf16")
    inspector = TableInspector(model, tok, "functiongemma-270m")
    for w in ("add", "multiply", "tool"):
        inspector.neighbours(w)


if __name__ == "__main__":
    main()
