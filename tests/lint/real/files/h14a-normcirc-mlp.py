# cosaudit corpus, synthetic file: same shape as hzt12345/normative-circuits/code/mlp_analysis.py at 87fe2e5c06ff55d4ff686e612dc67e8bc3443457 (licence MIT); new code, no text copied.
"""Where does the answer start to build up?  MLP patching and answer-alignment per layer."""
import numpy as np
import torch
import torch.nn.functional as F
from transformer_lens import HookedTransformer


def cos(a: torch.Tensor, b: torch.Tensor) -> float:
    a, b = a.flatten().float(), b.flatten().float()
    if a.norm() < 1e-8 or b.norm() < 1e-8:
        return 0.0
    return F.cosine_similarity(a[None], b[None]).item()


class AnswerAlignment:
    def __init__(self, model: HookedTransformer):
        self.model = model
        self.n_layers = model.cfg.n_layers

    def answer_direction(self, answer: str):
        ids = self.model.tokenizer.encode(answer, add_special_tokens=False)
        # the unembedding column, since block outputs live in residual space
        return self.model.W_U[:, ids[0]] if ids else None

    def per_layer(self, prompt: str, answer: str) -> dict:
        target = self.answer_direction(answer)
        if target is None:
            return {}
        with torch.no_grad():
            _, cache = self.model.run_with_cache(self.model.to_tokens(prompt))
        out = {"before_mlp": [], "mlp": [], "after_block": []}
        for L in range(self.n_layers):
            out["before_mlp"].append(cos(cache[f"blocks.{L}.hook_resid_mid"][0, -1].cpu(), target.cpu()))
            out["mlp"].append(cos(cache[f"blocks.{L}.hook_mlp_out"][0, -1].cpu(), target.cpu()))
            out["after_block"].append(cos(cache[f"blocks.{L}.hook_resid_post"][0, -1].cpu(), target.cpu()))
        return out


def run(samples, device="cuda"):
    model = HookedTransformer.from_pretrained("Qwen/Qwen3-8B", device=device, dtype=torch.float16)
    probe = AnswerAlignment(model)
    rows = [probe.per_layer(s["prompt"], s["answer"]) for s in samples]
    mlp_curve = np.mean([r["mlp"] for r in rows if r], axis=0)
    print("highest MLP/answer alignment at layer", int(np.argmax(mlp_curve)))
    return mlp_curve
