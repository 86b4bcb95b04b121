# Synthetic rewrite of the shape of csmetzner/attention_mechanisms:src/attention_modules/pretrained_attention.py at 3d120dd68601a00bf66a4cce52239fdd8a8abd0a (licence NOASSERTION); not the original text.
"""Label-wise attention whose per-code queries start from code-description vectors."""
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


class DescriptionSeededAttention(nn.Module):
    def __init__(self, n_codes, tok_dim, doc_dim, shrink, code_vectors: np.ndarray):
        super().__init__()
        # standardise the doc2vec code vectors once, then install them as query rows
        code_vectors = (code_vectors - code_vectors.mean()) / (code_vectors.std() * shrink)
        self.queries = nn.Linear(tok_dim, n_codes)
        self.queries.weight.data = torch.tensor(code_vectors, dtype=torch.float)
        # project token-dimension queries to the encoder's output width
        self.to_doc = nn.Conv1d(tok_dim, doc_dim, kernel_size=1)

    def forward(self, keys, values):
        # keys, values: [batch, doc_dim, seq]
        q = self.to_doc(self.queries.weight.unsqueeze(0).transpose(1, 2)).transpose(1, 2)
        scores = q @ keys / keys.size(1) ** 0.5
        attn = F.softmax(scores, dim=2)
        context = attn @ values.transpose(1, 2)
        return context, attn
