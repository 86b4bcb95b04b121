# Synthetic rewrite of the shape of cesaregarza/SplatNLP:src/splatnlp/feature_analysis/analyzer.py at 785f49f79ad5ac434ff2d4b07796ee513174cb9d (licence GPL-3.0-only); not the original text.
"""Explain sparse-autoencoder features of a gear-ability completion model.

The primary model scores every ability token with an independent sigmoid
(trained with BCEWithLogitsLoss); the SAE sits on the pooled hidden state.
"""
import logging

import numpy as np

log = logging.getLogger(__name__)
SKIP = {"<PAD>", "<NULL>"}


class FeatureExplainer:
    def __init__(self, base_model, sae, vocab):
        self.base_model = base_model
        self.sae = sae
        self.id_to_token = {i: t for t, i in vocab.items()}
        self.n_latents = sae.decoder.weight.shape[1]

    def token_effects(self, latent: int, top: int = 8) -> dict:
        """Direct effect of one latent on each output logit (a plain dot product)."""
        if latent >= self.n_latents:
            log.warning("latent %d out of range", latent)
            return {"up": [], "down": []}
        dictionary = self.sae.decoder.weight.data.cpu().numpy()  # [hidden, latents]
        direction = dictionary[:, latent]
        out_rows = self.base_model.output_layer.weight.data.cpu().numpy()  # [tokens, hidden]
        effect = out_rows @ direction
        order = np.argsort(effect)
        up = [self._row(i, effect) for i in order[::-1] if self._keep(i)][:top]
        down = [self._row(i, effect) for i in order if self._keep(i)][:top]
        return {"up": up, "down": down}

    def _keep(self, idx) -> bool:
        return self.id_to_token.get(int(idx), "?") not in SKIP

    def _row(self, idx, effect) -> dict:
        name = self.id_to_token.get(int(idx), f"tok{idx}")
        return {"token": name, "effect": float(effect[idx])}
