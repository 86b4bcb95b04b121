# Synthetic rewrite of the shape of shacharKZ/Visualizing-the-Information-Flow-of-GPT:utils.py at 2a0097d21d2c9011daaa801d468172479c9bb0f4 (licence MIT); not the original text.
import copy

import torch
import transformers

DEV = torch.device("cuda" if torch.cuda.is_available() else "cpu")


class LensHelper:
    """Extra utilities around a GPT-2 style causal LM: read hidden states as tokens."""

    def __init__(self, model, name=None, tok=None, device=DEV):
        name = name or model.config._name_or_path
        self.tok = tok or transformers.AutoTokenizer.from_pretrained(name)
        self.device = device
        # final norm plus decoder, kept aside so any residual vector can be decoded (logit lens)
        self.final_norm = copy.deepcopy(model.transformer.ln_f).to(device).requires_grad_(False)
        self.decoder = copy.deepcopy(model.lm_head).to(device).requires_grad_(False)

    def vector_to_probs(self, vec, apply_norm=True):
        """Softmax over the vocabulary for one hidden vector pushed through the decoder."""
        v = vec.clone().detach() if isinstance(vec, torch.Tensor) else torch.tensor(vec)
        v = v.to(self.device)
        if apply_norm:
            v = self.final_norm(v)
        scores = self.decoder(v)
        return torch.softmax(scores, dim=0)

    def vector_to_words(self, vec, n_hi=10, n_lo=10, apply_norm=True):
        """Most and least likely tokens under the lens."""
        p = self.vector_to_probs(vec, apply_norm=apply_norm)
        hi = [self.tok.decode(int(i)) for i in p.topk(n_hi).indices]
        lo = [self.tok.decode(int(i)) for i in p.topk(n_lo, largest=False).indices]
        return {"top": hi, "bottom": lo}
