# cosaudit corpus, synthetic file: same shape as arnab-api/Logit-Lens-Interpreting-GPT-2/logit_lens_v2/logit_lens.py at 989ff1d339a6d248c2fde15488b9f424b5adf2ce (licence NOASSERTION); new code, no text copied.
import torch

from util import nethook


class LogitLens:
    """Read intermediate GPT-2 vectors through the final layer norm and the LM head."""

    def __init__(self, model, tokenizer, top_k=10):
        self.model, self.tokenizer, self.top_k = model, tokenizer, top_k
        self.final_norm = nethook.get_module(model, "transformer.ln_f")
        self.head = nethook.get_module(model, "lm_head")

    @torch.no_grad()
    def read(self, vector):
        logits = self.head(self.final_norm(vector))
        probs = torch.softmax(logits, dim=0)
        top = probs.topk(self.top_k)
        return [(self.tokenizer.decode(i), p.item()) for i, p in zip(top.indices, top.values)]

    @torch.no_grad()
    def per_layer(self, prompt):
        ids = self.tokenizer(prompt, return_tensors="pt").to(self.model.device)
        hidden = self.model(**ids, output_hidden_states=True).hidden_states
        return [self.read(h[0, -1]) for h in hidden]
