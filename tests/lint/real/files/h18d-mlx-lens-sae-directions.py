# Synthetic rewrite of the shape of dthinkr/mlx-lens:mlx_lens/sae.py at dd1ea38280ed20c481b2ae3c2a45bb37908401ff (licence MIT); not the original text.
"""Gated sparse dictionary for residual streams, MLX flavour."""

from pathlib import Path

import mlx.core as mx


class GatedDictionary:
    """Sparse dictionary whose tensors come from a safetensors checkpoint."""

    def __init__(self, enc, dec, enc_bias, dec_bias, cutoff):
        self.enc = enc            # (width, n_latents)
        self.dec = dec            # (n_latents, width)
        self.enc_bias = enc_bias
        self.dec_bias = dec_bias
        self.cutoff = cutoff

    @classmethod
    def load(cls, file):
        tensors = mx.load(str(Path(file)))
        return cls(tensors["w_enc"], tensors["w_dec"], tensors["b_enc"],
                   tensors["b_dec"], tensors["threshold"])

    def encode(self, resid):
        pre = resid @ self.enc + self.enc_bias
        return mx.maximum(pre, 0) * (pre > self.cutoff)

    def decode(self, codes):
        return codes @ self.dec + self.dec_bias

    def directions(self, which=None):
        """Decoder rows scaled to unit length (latent directions in the stream)."""
        vecs = self.dec if which is None else self.dec[mx.array(which)]
        norms = mx.linalg.norm(vecs, axis=-1, keepdims=True)
        return vecs / (norms + 1e-8)
