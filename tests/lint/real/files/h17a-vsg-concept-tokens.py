# cosaudit corpus, synthetic file: same shape as abstractionlair/vector-space-generation/src/concept_tokens.py at b4f3c638d0db983acaf8aad7021b30c9eee317cc (licence NOASSERTION); new code, no text copied.
"""Let GPT-2 'think' in soft tokens: feed back a probability-weighted mix of token rows."""
import torch
import torch.nn.functional as F
from transformers import GPT2LMHeadModel, GPT2Tokenizer


class SoftTokenGPT2:
    def __init__(self, name="gpt2", device="cpu"):
        self.device = device
        self.tok = GPT2Tokenizer.from_pretrained(name)
        self.model = GPT2LMHeadModel.from_pretrained(name).to(device).eval()
        self.table = self.model.transformer.wte      # shared with the output layer in GPT-2
        self.pos = self.model.transformer.wpe

    def soft_token(self, logits, temperature=0.8, top_k=50, with_stats=False):
        probs = F.softmax(logits / temperature, dim=-1)
        top_p, top_i = probs.topk(top_k, dim=-1)
        top_p = top_p / top_p.sum(-1, keepdim=True)
        vec = (top_p.unsqueeze(-1) * self.table(top_i)).sum(1)
        cap = 1.5 * self.table.weight.norm(dim=-1).mean().item()
        vec = F.normalize(vec, dim=-1) * vec.norm(dim=-1, keepdim=True).clamp(max=cap)
        stats = None
        if with_stats:
            d = torch.cdist(vec[:, None, :], self.table.weight[None], p=2)
            dist, idx = d.min(-1)
            stats = {"nearest": self.tok.decode([idx[0].item()]), "off_manifold": dist[0].item(),
                     "entropy": -(probs * probs.clamp_min(1e-10).log()).sum(-1).mean().item()}
        return vec, stats

    @torch.no_grad()
    def step(self, embeds):
        out = self.model(inputs_embeds=embeds, output_hidden_states=True)
        return self.model.lm_head(out.hidden_states[-1][:, -1, :])

    def nearest_text(self, vecs):
        words = []
        for v in vecs:
            d = torch.cdist(v[None, None, :], self.table.weight[None], p=2)
            words.append(self.tok.decode([d.argmin(-1).item()]))
        return " ".join(words)
