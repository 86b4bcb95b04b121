# cosaudit corpus, synthetic file: same shape as AlignmentResearch/tuned-lens/tuned_lens/nn/unembed.py at abdac0c4de23d9f6d6c8459d576ad203aec15deb (licence MIT); new code, no text copied.
import torch as th
from transformers import PreTrainedModel


class Unembed(th.nn.Module):
    """The model's final norm followed by its output embedding, usable on any residual."""

    def __init__(self, model: PreTrainedModel):
        super().__init__()
        self.final_norm = model.base_model.norm if hasattr(model.base_model, "norm") else model.base_model.ln_f
        self.unembedding = model.get_output_embeddings()
        for p in self.parameters():
            p.requires_grad_(False)

    def forward(self, h: th.Tensor) -> th.Tensor:
        return self.unembedding(self.final_norm(h))

    def top_tokens(self, h: th.Tensor, k: int = 10):
        return self.forward(h).topk(k, dim=-1)
