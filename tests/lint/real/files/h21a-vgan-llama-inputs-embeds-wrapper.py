# Synthetic rewrite of the shape of alex-jke/V-GAN:src/text/Embedding/llama.py at 107e6894959c6abf9358e315870514f70216970b (licence NOASSERTION); not the original text.
"""Llama 3.2 backbone wrapper: feed token vectors in, read last hidden states out."""
from abc import ABC, abstractmethod
from typing import List, Optional

import numpy as np
import torch
from transformers import AutoModel, AutoTokenizer

from text.backbones.base import HFBackbone


class LlamaBackbone(HFBackbone, ABC):
    hub_org = "meta-llama/"

    @property
    def _tokenizer(self):
        return AutoTokenizer.from_pretrained(self.hub_org + self.variant())

    @property
    def _model(self):
        return AutoModel.from_pretrained(self.hub_org + self.variant(), torch_dtype=torch.float16,
                                         attn_implementation="eager")

    def hidden_states_for(self, ids: torch.Tensor, mask: Optional[torch.Tensor] = None) -> torch.Tensor:
        vectors = self.embed_tokenized(ids).unsqueeze(0)
        if mask is not None:
            full_mask = self._causal_4d(mask.unsqueeze(0))
            vectors = vectors.to(self.model.get_input_embeddings().weight.dtype)
            out = self.model(inputs_embeds=vectors, attention_mask=full_mask, use_cache=False)
        else:
            out = self.model(inputs_embeds=vectors)
        return out[0][0]

    def decode2tokenized(self, vectors: List[np.ndarray]) -> List[int]:
        # mapping vectors back to vocabulary ids is not supported for this family
        raise NotImplementedError

    @abstractmethod
    def variant(self) -> str:
        ...


class Llama1B(LlamaBackbone):
    def variant(self) -> str:
        return "Llama-3.2-1B"


class Llama3B(LlamaBackbone):
    def variant(self) -> str:
        return "Llama-3.2-3B"
