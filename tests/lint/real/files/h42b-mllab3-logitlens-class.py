# Synthetic rewrite of the shape of PhamNgocDuyPy/ML-Lab3:logit_lens.py at 00d924d471d7aefe9eb01b761e1b40070a1ea186 (licence NOASSERTION); not the original text.
"""Vocabulary projection per layer for GPT-2: ln_f(h) times W_U transposed."""
import torch
import torch.nn.functional as F


class LayerVocabProbe:
    """Keeps the unembedding (the lm_head weight) and the final norm as attributes."""

    def __init__(self, lm, tok, device):
        self.lm, self.tok, self.device = lm, tok, device
        self.unembed = lm.lm_head.weight.data  # vocab x d_model
        self.final_norm = lm.transformer.ln_f

    def run(self, text, pos=-1, k=5):
        enc = self.tok(text, return_tensors="pt").to(self.device)
        with torch.no_grad():
            hs = self.lm(**enc, output_hidden_states=True).hidden_states
        n = enc.input_ids.shape[1]
        pos = pos % n
        table = []
        for depth, layer_h in enumerate(hs):
            h = self.final_norm(layer_h[0, pos].unsqueeze(0)).squeeze(0)
            logits = h @ self.unembed.T
            p = F.softmax(logits, dim=-1)
            vals, ids = p.topk(k)
            table.append((depth, [self.tok.decode([int(i)]) for i in ids], vals.tolist()))
        return table
