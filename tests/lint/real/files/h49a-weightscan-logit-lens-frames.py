# Synthetic rewrite of the shape of ristew/weightscan:visualize.py at 7fe4c8b8e7403589d17f4290fb8e6a998ceaf2a2 (licence NOASSERTION); not the original text.
import torch
import torch.nn.functional as F
from sklearn.neighbors import NearestNeighbors
from transformers import AutoModelForCausalLM, AutoTokenizer

from autoencoder import Autoencoder


class LayerScanner:
    """Push a prompt token by token, decode a middle layer through the output head, and embed it in 3-D."""

    def __init__(self, prompts, name="unsloth/Llama-3.2-1B", k=5):
        self.lm = AutoModelForCausalLM.from_pretrained(name)
        self.tok = AutoTokenizer.from_pretrained(name)
        self.name, self.k, self.prompts = name, k, prompts
        self.snapshots = []

    def final_norm(self, h):
        if self.name.startswith("openai-community/gpt2"):
            return self.lm.transformer.ln_f(h)
        return self.lm.model.norm(h)

    def record(self, ids):
        out = self.lm(ids, output_hidden_states=True)
        hs = out.hidden_states
        self.snapshots.append(([self.final_norm(h).detach() for h in hs[:-1]] + [hs[-1]], self.tok.decode(ids[0])))

    def readout(self, h):
        logits = self.lm.lm_head(h.unsqueeze(0)).float()
        probs = F.softmax(logits[0], dim=-1)[0, -1]
        p, idx = torch.topk(probs, self.k)
        return [(self.tok.decode([i]), q.item()) for i, q in zip(idx, p)]

    def frames(self, coder: Autoencoder):
        mid = len(self.snapshots[0][0]) // 2
        for states, text in self.snapshots:
            pts = coder(states[mid])[1][0].detach().numpy()
            nn_ = NearestNeighbors(n_neighbors=4, metric="euclidean").fit(pts)
            dist, ind = nn_.kneighbors(pts)
            yield {"points": pts.tolist(), "prompt": text, "tops": self.readout(states[mid]), "neighbors": ind.tolist()}
