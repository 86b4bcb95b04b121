# Synthetic rewrite of the shape of EleutherAI/tuned-lens:tuned_lens/nn/unembed.py at b26b0c3dd5bdef00aa1c152f03151dd3a2b44456 (licence MIT); not the original text.
"""Frozen read-out: final norm followed by the model's own vocabulary projection.

Used by a logit lens to turn any intermediate residual vector into logits, and
run backwards (by optimisation) to find a hidden state matching given logits.
"""
import copy
import hashlib

import torch


class Readout(torch.nn.Module):
    def __init__(self, lm, final_norm=None):
        super().__init__()
        self.norm = copy.deepcopy(final_norm if final_norm is not None else lm.transformer.ln_f)
        self.vocab_proj = copy.deepcopy(lm.get_output_embeddings())
        self.requires_grad_(False)

    def fingerprint(self) -> str:
        w = self.vocab_proj.weight.detach().cpu().float().numpy()
        return hashlib.sha1(w.tobytes()).hexdigest()[:16]

    def forward(self, resid: torch.Tensor) -> torch.Tensor:
        # logit lens: normalised residual times the unembedding rows
        return self.vocab_proj(self.norm(resid))

    def preimage(self, target_logits, start, steps=200, lr=1e-1, tol=1e-4):
        """Search for a residual whose read-out matches target_logits in KL."""
        h = torch.nn.Parameter(start.clone())
        opt = torch.optim.SGD([h], lr=lr)
        log_p = target_logits.log_softmax(-1)
        p = log_p.exp()
        for _ in range(steps):
            opt.zero_grad()
            log_q = self(h).log_softmax(-1)
            kl = (p * (log_p - log_q)).sum(-1).mean()
            kl.backward()
            opt.step()
            if h.grad.norm() < tol or kl.item() < tol:
                break
        return self.norm(h.detach()), kl.detach()
