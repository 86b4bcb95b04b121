# Synthetic rewrite of the shape of cellethology/evo_embeddings:retrieve_embeddings/test.py at 0d708e25898a4423c09c27e596ac43d5ea5bf348 (licence NOASSERTION); not the original text.
import torch
from torch import nn
from evo import Evo

dev = "cuda:0"
wrapper = Evo("evo-1-8k-base")
net, tok = wrapper.model, wrapper.tokenizer
net.to(dev).eval()


class PassThrough(nn.Module):
    """Stand-in for the output projection: hand back the hidden state unchanged."""

    def unembed(self, h):
        return h


# with the vocabulary projection bypassed, the forward pass returns last-layer states
net.unembed = PassThrough()

dna = "ATGCGTACCTGA"
ids = torch.tensor(tok.tokenize(dna), dtype=torch.int).to(dev).unsqueeze(0)
states, _ = net(ids)                      # [1, L, d]
seq_vec = states.mean(dim=1)              # pooled per-sequence feature
print(states.shape, seq_vec.shape)
