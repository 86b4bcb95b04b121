# Synthetic rewrite of the shape of google-research/prompt-tuning:prompt_tuning/recycling/recycle.py at 72285eea06100f954bcbb16a447ec6cddfc6716c (licence Apache-2.0); not the original text.
import numpy as np
import tensorflow as tf


def shared_vocab_rows(table, vocab_ids):
    """Pick the input-embedding rows of a shared English word list."""
    return np.asarray(table)[vocab_ids]


class ProjectionTransfer:
    """Carry a soft prompt from one model's embedding space into another's."""

    def __init__(self):
        self.projection = tf.zeros((1, 1))

    def fit(self, src_rows, tgt_rows):
        # least squares: src_rows [V, E] @ W [E, E2] ~= tgt_rows [V, E2]
        self.projection = tf.linalg.lstsq(src_rows, tgt_rows).numpy()
        return self

    def __call__(self, prompt):
        return prompt @ self.projection            # [P, E] -> [P, E2]


class SpanTransfer:
    """Express the prompt as a combination of source rows, reuse the weights on target rows."""

    def __init__(self, src_rows, tgt_rows):
        self.src, self.tgt = src_rows, tgt_rows

    def __call__(self, prompt):
        coeffs = tf.linalg.lstsq(self.src.T, prompt.T)   # [T, P]
        return tf.transpose(coeffs) @ self.tgt
