# Synthetic rewrite of the shape of macmacmacmac/softprompt_experiments:src/softprompt_experiments/models/softprompt.py at d6360b70b5010c24b5fdbf8c10352e95e327d3a0 (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class PromptPrefix(nn.Module):
    """Trainable prefix vectors fed to a frozen Llama-3 decoder via inputs_embeds.

    token_table is model.get_input_embeddings() (untied from lm_head in Llama-3-8B).
    """

    def __init__(self, lm, tok, token_table, n_virtual=8):
        super().__init__()
        object.__setattr__(self, "_lm", lm)
        object.__setattr__(self, "_tok", tok)
        object.__setattr__(self, "_table", token_table)
        self.vectors = nn.Parameter(torch.randn(n_virtual, token_table.embedding_dim) * 0.02)

    def forward(self):
        return self.vectors.unsqueeze(0)

    def closest_hard_tokens(self, distance="cosine"):
        """Read the prefix back as text: nearest vocabulary entry for each virtual token."""
        with torch.no_grad():
            prefix = self.forward().squeeze(0)
            vocab_vecs = self._table.weight.data
            norm_base = F.normalize(vocab_vecs, dim=1)
            norm_embed = F.normalize(prefix, dim=1)
            cos_sim = norm_embed @ norm_base.T
            ids = cos_sim.argmax(dim=1).cpu().tolist()
        return ids, self._tok.decode(ids)

    def next_token_probs(self):
        out = self._lm(inputs_embeds=self.forward(), use_cache=False).logits
        return F.softmax(out[:, :-1, :], dim=-1)

    def readability_loss(self):
        """Pull each prefix vector towards the expected input embedding of what the model predicts."""
        probs = self.next_token_probs()
        expected = (probs @ self._table.weight).squeeze(0)
        cos = F.cosine_similarity(self.forward()[0, 1:], expected, dim=-1)
        return -cos.mean()
