# Synthetic rewrite of the shape of stickshift/llama-jax:src/llama_jax/head.py at 13fff1704a14585569d4ba8a113916cebc3b3f0b (licence NOASSERTION); not the original text.
from typing import NamedTuple

from jax import Array
from jax import numpy as jnp
from jax.nn import softmax


class OutputHead(NamedTuple):
    norm_scale: Array
    unembed: Array  # (d_model, vocab)


def build_head(params: dict) -> OutputHead:
    # keep the projection pre-transposed so decoding is a single matmul
    unembed = params["output.weight"].transpose()
    return OutputHead(norm_scale=params["norm.weight"], unembed=unembed)


def rms_normalise(scale: Array, x: Array, eps: float = 1e-6) -> Array:
    return scale * x / jnp.sqrt(jnp.mean(x * x, axis=-1, keepdims=True) + eps)


def next_token_logits(head: OutputHead, hidden: Array) -> Array:
    last = rms_normalise(head.norm_scale, hidden)[-1]
    return last @ head.unembed


def greedy_token(head: OutputHead, hidden: Array, temperature: float = 0.0) -> Array:
    logits = next_token_logits(head, hidden)
    if temperature == 0.0:
        return jnp.argmax(logits, axis=-1)
    probs = softmax(logits / temperature, axis=-1)
    return jnp.argmax(probs, axis=-1)
