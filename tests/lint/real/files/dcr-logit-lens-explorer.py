# cosaudit corpus, synthetic file: same shape as designer-coderajay/logit-lens-explorer/logit_lens.py at c03bb9b943b7850d58206a0cea17f6b8c8637d1b (licence MIT); new code, no text copied.
"""Logit lens for GPT-2 with TransformerLens: logits = LayerNorm(residual) @ W_U + b_U at every layer."""
import torch
from transformer_lens import HookedTransformer


class LogitLens:
    def __init__(self, model_name: str = "gpt2-small"):
        self.model = HookedTransformer.from_pretrained(model_name)

    def residuals(self, prompt: str) -> torch.Tensor:
        _, cache = self.model.run_with_cache(prompt)
        return torch.stack([cache["resid_post", i][0, -1] for i in range(self.model.cfg.n_layers)])

    def residual_to_logits(self, residual: torch.Tensor) -> torch.Tensor:
        normalized = self.model.ln_final(residual)
        return normalized @ self.model.W_U + self.model.b_U

    def top_tokens(self, prompt: str, k: int = 5):
        logits = self.residual_to_logits(self.residuals(prompt))
        top = logits.softmax(-1).topk(k, dim=-1)
        return [[self.model.to_string(int(i)) for i in row] for row in top.indices]
