# cosaudit corpus, synthetic file: same shape as christianThardy/GabaLab/gaba/CircuitAnalyzer.py at a43527eba188a5ed9192110535395224d3a61cae (licence NOASSERTION); new code, no text copied.
import numpy as np
import torch
import torch.nn.functional as F


class HeadCircuits:
    def __init__(self, model):
        self.model = model

    def attention_cosines(self, q, k):
        """how aligned each query is with each key, ignoring scale"""
        return F.normalize(q, dim=-1) @ F.normalize(k, dim=-1).transpose(-1, -2)

    def ov_spectrum(self, layer, head):
        """OV circuit written into the vocabulary, and the eigenvalues of its small Gram"""
        cfg = self.model.cfg
        W_O_h = self.model.blocks[layer].attn.W_O[head].detach()      # (d_head, d_model)
        W_U = self.model.W_U.detach()                                   # (d_model, vocab)
        ov_vocab = W_O_h @ W_U                                          # (d_head, vocab)
        small = ov_vocab @ ov_vocab.T                                   # (d_head, d_head)
        eig = np.linalg.eigvals(small.cpu().numpy())
        return ov_vocab, eig
