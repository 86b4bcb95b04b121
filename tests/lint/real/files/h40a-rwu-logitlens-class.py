# Synthetic rewrite of the shape of Roderick-Wu/mechanistic_interpretability_toolkit:logit_lens.py at b1a3ca3a7155f3eef2d7da0a76ccda000bed73b3 (licence NOASSERTION); not the original text.
"""Layer-by-layer readout ("logit lens") for a local causal LM checkpoint."""
import numpy as np
import torch
import torch.nn.functional as F
from transformers import AutoModelForCausalLM, AutoTokenizer


class LayerReadout:
    def __init__(self, path, device="cpu"):
        self.device = device
        self.model = AutoModelForCausalLM.from_pretrained(path, local_files_only=True).to(device).eval()
        self.tok = AutoTokenizer.from_pretrained(path, local_files_only=True)
        # output projection; for GPT-2 it shares storage with the token table
        self.unembedding = self._find_head()
        self.final_norm = self._find_final_norm()

    def _find_head(self):
        if hasattr(self.model, "lm_head"):
            return self.model.lm_head.weight
        if hasattr(self.model, "transformer") and hasattr(self.model.transformer, "wte"):
            return self.model.transformer.wte.weight
        raise ValueError("no output head found")

    def _find_final_norm(self):
        tr = getattr(self.model, "transformer", None)
        if tr is not None and hasattr(tr, "ln_f"):
            return tr.ln_f
        inner = getattr(self.model, "model", None)
        return getattr(inner, "norm", None)

    def readout(self, h, use_norm=True):
        if use_norm and self.final_norm is not None:
            h = self.final_norm(h)
        return torch.matmul(h, self.unembedding.T)

    @torch.no_grad()
    def kl_to_final(self, text):
        enc = self.tok(text, return_tensors="pt").to(self.device)
        out = self.model(**enc, output_hidden_states=True)
        final = F.softmax(out.logits[0], dim=-1)
        rows = []
        for h in out.hidden_states:
            lp = F.log_softmax(self.readout(h)[0], dim=-1)
            rows.append(F.kl_div(lp, final, reduction="none").sum(-1).cpu().numpy())
        return np.stack(rows)

    @torch.no_grad()
    def top_tokens(self, text, k=5):
        enc = self.tok(text, return_tensors="pt").to(self.device)
        out = self.model(**enc, output_hidden_states=True)
        table = {}
        for i, h in enumerate(out.hidden_states):
            p = F.softmax(self.readout(h)[0], dim=-1)
            idx = p.topk(k, dim=-1).indices
            table[i] = [[self.tok.decode([j]) for j in row] for row in idx.tolist()]
        return table


if __name__ == "__main__":
    lens = LayerReadout("../models/gpt2_model")
    print(lens.kl_to_final("Language models compress text into predictions").round(2))
