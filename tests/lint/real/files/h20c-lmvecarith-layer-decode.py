# Synthetic rewrite of the shape of jmerullo/lm_vector_arithmetic:modeling.py at 08cd5775865b3f70ba8dc28d377eb08b0a1bc3b9 (licence MIT); not the original text.
"""Per-layer vocabulary read-out for a GPT-style model wrapped with forward hooks."""
import torch
from transformers import AutoModelForCausalLM, AutoTokenizer


def load(name, device="cpu"):
    tok = AutoTokenizer.from_pretrained(name)
    lm = AutoModelForCausalLM.from_pretrained(name, torch_dtype=torch.float16).to(device)
    return lm, tok


class Probe:
    def __init__(self, lm, tok):
        self.model = lm
        self.tok = tok
        self.saved = {}
        self.handles = []

    def project_layers(self, per_layer_states):
        """Apply the final norm to each layer's last position and score it against the vocabulary."""
        scores = []
        last = len(per_layer_states) - 1
        for depth, states in enumerate(per_layer_states):
            vec = states[:, -1, :]
            if depth != last:
                vec = self.model.transformer.ln_f(vec)
            l = torch.matmul(self.model.lm_head.weight, vec.T)
            scores.append(l)
        return scores

    def top_tokens(self, per_layer_states, k=5):
        out = []
        for s in self.project_layers(per_layer_states):
            ids = s[:, 0].topk(k).indices.tolist()
            out.append(self.tok.convert_ids_to_tokens(ids))
        return out
