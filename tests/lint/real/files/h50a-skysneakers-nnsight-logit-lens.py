# Synthetic rewrite of the shape of skysneakers/LogitLens:LogitLens/LogitLens.py at 9365cece7efe5170f1016e1052475f691729272b (licence NOASSERTION); not the original text.
import torch
from functools import lru_cache


class PromptLens:
    """Decode every block's output through the final norm and the LM head (nnsight trace)."""

    def __init__(self, wrapped, prompt, remote=True):
        self.model = wrapped
        self.prompt = prompt
        self.remote = remote

    @lru_cache()
    def run(self):
        per_layer_probs = []
        raw_logits = []
        with self.model.trace(remote=self.remote) as tracer:
            with tracer.invoke(self.prompt) as inv:
                for block in self.model.layers:
                    normed = self.model.ln_f(block.output[0])
                    out = self.model.lm_head(normed)
                    raw_logits.append(out.cpu().save())
                    per_layer_probs.append(torch.softmax(out, dim=-1).save())
        probs = torch.cat([p.value for p in per_layer_probs])
        best_p, best_ids = probs.max(dim=-1)
        words = [[self.model.tokenizer.decode(i.cpu()) for i in row] for row in best_ids]
        return best_p, words, best_ids, probs, torch.cat(raw_logits).float()

    def kl_to_last(self):
        _, _, _, probs, _ = self.run()
        return (probs * torch.log(probs / probs[-1])).sum(dim=-1)

    def entropy(self):
        _, _, _, probs, _ = self.run()
        return -(probs * probs.log()).sum(dim=-1)
