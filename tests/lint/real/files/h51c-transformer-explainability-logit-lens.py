# Synthetic rewrite of the shape of sddale/transformer_explainability:logit_lens.py at 39cc2ac74b86290c84a0eebefb03f98b658a2121 (licence NOASSERTION); not the original text.
"""Read every intermediate residual state through the final norm and the unembedding."""
import torch
import torch.nn.functional as F
from transformer_lens import HookedTransformer


class LayerwiseDecoder:
    def __init__(self, model: HookedTransformer):
        self.model = model.eval()
        self.depth = model.cfg.n_layers

    @torch.no_grad()
    def run(self, prompt: str) -> dict:
        ids = self.model.to_tokens(prompt)
        _, cache = self.model.run_with_cache(ids)

        states = [cache["hook_embed"]]
        if "hook_pos_embed" in cache.cache_dict:
            states[0] = states[0] + cache["hook_pos_embed"]
        for i in range(self.depth):
            states.append(cache[f"blocks.{i}.hook_resid_post"])

        per_layer = []
        for h in states:
            normed = self.model.ln_final(h)
            logits = normed @ self.model.W_U + self.model.b_U
            per_layer.append(logits[0])
        stacked = torch.stack(per_layer)
        probs = F.softmax(stacked, dim=-1)
        best_p, best_id = probs.max(-1)
        ent = -(probs * (probs + 1e-12).log()).sum(-1)
        return {"probs": probs.cpu(), "best": best_id.cpu(), "best_p": best_p.cpu(), "entropy": ent.cpu()}

    def top_k(self, out: dict, layer: int, pos: int, k: int = 5):
        p, idx = out["probs"][layer, pos].topk(k)
        return [(self.model.to_string(t.unsqueeze(0)), v) for t, v in zip(idx, p.tolist())]
