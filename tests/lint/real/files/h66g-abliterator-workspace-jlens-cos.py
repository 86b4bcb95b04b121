# Synthetic rewrite of the shape of jwest33/abliterator:utils/workspace_refusal_detector.py at 6ca3356e493ee43a1e124f50b73e531205b11ceb (licence MIT); not the original text.
"""Flag refusals from mid-layer states by matching them to Jacobian-lens concept vectors.

Each concept vector is the prompt-averaged gradient of one refusal token's final
logit with respect to a middle layer's last-position state; the detector compares
the captured state with those vectors by cosine and thresholds the best match.
"""
from dataclasses import dataclass

import torch
import torch.nn.functional as F


@dataclass
class DetectorSettings:
    layers: list
    threshold: float = 0.3
    over_layers: str = "max"
    over_concepts: str = "max"


class ConceptCosineDetector:
    def __init__(self, model, tokenizer, grad_concepts, settings: DetectorSettings):
        # grad_concepts: {layer: {token_text: d logit_token / d h_layer}}
        self.model, self.tok, self.cfg = model, tokenizer, settings
        self.banks = {}
        for layer in settings.layers:
            vecs = [v / v.norm() for v in grad_concepts.get(layer, {}).values() if v.norm() > 0]
            if vecs:
                self.banks[layer] = torch.stack(vecs)              # (K, d), unit rows
        self.seen = {}

    def _hook(self, layer):
        def grab(_mod, _inp, out):
            hidden = out[0] if isinstance(out, tuple) else out
            self.seen[layer] = hidden[:, -1, :].detach()
        return grab

    @torch.no_grad()
    def scores(self, prompts):
        batch = self.tok(prompts, return_tensors="pt", padding=True).to(self.model.device)
        blocks = self.model.model.layers
        handles = [blocks[l].register_forward_hook(self._hook(l)) for l in self.banks]
        try:
            self.model(**batch, use_cache=False)
        finally:
            for h in handles:
                h.remove()
        per_layer = []
        for layer, bank in self.banks.items():
            unit_state = F.normalize(self.seen[layer].float(), dim=-1)
            sims = unit_state @ bank.float().T                      # cosine to each concept gradient
            per_layer.append(sims.mean(-1) if self.cfg.over_concepts == "mean" else sims.abs().amax(-1))
        stacked = torch.stack(per_layer)
        return stacked.mean(0) if self.cfg.over_layers == "mean" else stacked.amax(0)

    def flags(self, prompts):
        return (self.scores(prompts) > self.cfg.threshold).tolist()
