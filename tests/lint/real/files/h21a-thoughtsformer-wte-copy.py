# Synthetic rewrite of the shape of EmmettBicker/ThoughtsFormer:word_embeddings.py at cb24505a29c62e678dc7f035b09bcd017ec68012 (licence NOASSERTION); not the original text.
"""Reuse GPT-2's pretrained token table as a frozen-able lookup for a custom model."""
import torch
import torch.nn as nn
from transformers import GPT2Model

_source = GPT2Model.from_pretrained("gpt2")
for name, param in _source.named_parameters():
    if name == 'wte.weight':
        vocab, width = param.shape
        token_table = nn.Embedding(vocab, width)
        token_table.weight = nn.Parameter(param.detach().clone())


def embed_tokens(ids: torch.Tensor) -> torch.Tensor:
    return token_table(ids)


if __name__ == "__main__":
    print(embed_tokens(torch.tensor([[464, 3290, 318]])).shape)
