# Synthetic rewrite of the shape of alex-jke/V-GAN:src/text/Embedding/gpt2.py at 0381b92bded0f5a36d0ba787d3a052bd11828564 (licence NOASSERTION); not the original text.
"""GPT-2 wrapper used to move text in and out of a continuous token-vector space."""
from typing import List

import numpy as np
import torch
from transformers import GPT2Model, GPT2Tokenizer

from .base_wrapper import TextBackbone


class SmallGPT2(TextBackbone):
    @property
    def tokenizer(self):
        return GPT2Tokenizer.from_pretrained("gpt2")

    @property
    def model(self):
        return GPT2Model.from_pretrained("gpt2").to(self.device)

    def vocab_table(self, dtype=torch.float32) -> torch.Tensor:
        # the shared token table of GPT-2 (also its output projection)
        return self.model.wte.weight.data.to(dtype)

    def vectors_to_ids(self, vectors: List[np.ndarray]) -> List[int]:
        """Snap each continuous vector back to the id of the nearest vocabulary entry."""
        queries = torch.as_tensor(np.stack(vectors), dtype=torch.float32)
        table = self.vocab_table(dtype=queries.dtype)
        queries = torch.nn.functional.normalize(queries, dim=1)
        table = torch.nn.functional.normalize(table, dim=1)
        similarities = torch.matmul(queries, table.T)
        return similarities.argmax(dim=1).tolist()

    def ids_to_vectors(self, ids: List[int]) -> List[np.ndarray]:
        onehot = torch.nn.functional.one_hot(torch.tensor(ids), num_classes=self.tokenizer.vocab_size)
        with torch.no_grad():
            rows = onehot.float() @ self.vocab_table()
        return [r.numpy() for r in rows]


if __name__ == "__main__":
    wrapper = SmallGPT2()
    ids = wrapper.tokenize("A short sentence to round-trip.")
    vecs = wrapper.ids_to_vectors(ids)
    print(wrapper.detokenize(wrapper.vectors_to_ids(vecs)))
