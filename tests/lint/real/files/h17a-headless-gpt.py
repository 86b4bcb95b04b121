# cosaudit corpus, synthetic file: same shape as NathanGodey/headless-lm/engine/tasks/pretraining/gpt_headless.py at 380a9ce31b9b384917d4b55d803e74912c540092 (licence NOASSERTION); new code, no text copied.
"""Causal LM pretraining without a softmax head: predict the next token's input embedding contrastively."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def contrastive_tying_loss(pred, target, temperature=1.0):
    scores = torch.exp(pred @ target.T / temperature)
    return -(scores.diagonal() / (scores.sum(-1) + 1e-9)).log().mean()


class HeadlessCausalTask(nn.Module):
    def __init__(self, lm, hidden, emb_weight=1.0, lm_weight=0.0, temperature=1.0):
        super().__init__()
        self.lm = lm
        self.predict = nn.Linear(hidden, hidden)
        self.emb_weight, self.lm_weight, self.temperature = emb_weight, lm_weight, temperature
        if lm_weight == 0.0 and hasattr(lm, "embed_out"):
            lm.embed_out = nn.Identity()

    def forward(self, ids, validating=False):
        targets = ids[:, 1:]
        out = self.lm(ids, output_hidden_states=True)
        loss = 0.0
        if self.emb_weight:
            table = self.lm.gpt_neox.get_input_embeddings()
            tgt = table(targets).flatten(0, 1)
            pred = self.predict(out.hidden_states[-1][:, :-1]).flatten(0, 1)
            loss = loss + self.emb_weight * contrastive_tying_loss(pred, tgt, self.temperature)
        if self.lm_weight:
            loss = loss + self.lm_weight * F.cross_entropy(out.logits[:, :-1].transpose(1, 2), targets)
        return loss, self.anisotropy(out.hidden_states) if validating else None

    @torch.no_grad()
    def anisotropy(self, hidden_states, n=50):
        per_layer = []
        for h in hidden_states:
            flat = h.flatten(0, 1)
            r = torch.rand(len(flat))
            a, b = r.topk(n).indices, (-r).topk(n).indices
            per_layer.append(F.cosine_similarity(flat[a], flat[b]).mean().item())
        return {f"mean_cos_layer{i}": v for i, v in enumerate(per_layer)}
