# Synthetic rewrite of the shape of universuen/KeepTalking:src/learnable_prompts.py at 3e062b4bdbb5912d6f1ad181d281b05964c05208 (licence NOASSERTION); not the original text.
import torch
from torch import nn


class SoftPromptBank(nn.Module):
    """Trainable prompt vectors for a chat model; can be snapped to the closest vocabulary ids."""

    def __init__(self, n_vectors: int, width: int) -> None:
        super().__init__()
        self.vectors = nn.Parameter(torch.randn(n_vectors, width))

    def snap_to_vocab(self, token_table: nn.Embedding, chunk: int = 8) -> torch.Tensor:
        ids = []
        for start in range(0, self.vectors.size(0), chunk):
            part = self.vectors[start:start + chunk]
            sims = torch.cosine_similarity(
                part.unsqueeze(1),
                token_table.weight.data.unsqueeze(0),
                dim=-1,
            )
            ids.append(sims.argmax(dim=-1))
        return torch.cat(ids)
