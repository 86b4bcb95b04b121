"""The decoding of `shapes_token_tables.py` on a tied checkpoint without learned positions (Llama 3.2
1B, rotary): its token table is fixed by the inputs, so nearest tokens by cosine are input geometry and
stay quiet. Written for cosaudit's tests."""
import numpy as np
import torch
import torch.nn.functional as F
from transformers import AutoModelForCausalLM


class RopeDecoder:
    def __init__(self):
        self.model = AutoModelForCausalLM.from_pretrained("meta-llama/Llama-3.2-1B")

    def get_token_embeddings(self):
        return self.model.get_input_embeddings().weight.data

    def decode(self, vectors):
        queries = F.normalize(torch.tensor(np.stack(vectors)), dim=1)
        rows = F.normalize(self.get_token_embeddings(), dim=1)
        return torch.argmax(torch.matmul(queries, rows.T), dim=1).tolist()
