# Synthetic rewrite of the shape of mycrazycracy/tf-kaldi-speaker:model/loss.py at 872dc0df90c1739f885ae45fa41f0a89ca1c90cc (licence Apache-2.0); not the original text.
"""Speaker-classification heads with an optional hyperspherical-energy penalty."""
import numpy as np
import tensorflow as tf


def plain_head(emb, spk, n_spk, cfg, reuse=None, scope="spk_head"):
    with tf.variable_scope(scope, reuse=reuse):
        logits = tf.layers.dense(emb, n_spk, name="out")
        loss = tf.losses.sparse_softmax_cross_entropy(spk, logits)
    return loss + extra_penalties(emb, spk, cfg, scope), {"logits": logits}


def margin_cosine_head(emb, spk, n_spk, cfg, reuse=None, scope="spk_head"):
    """AM-softmax: the logits are cosines to unit-length speaker columns, minus a margin."""
    with tf.variable_scope(scope, reuse=reuse):
        kernel = tf.get_variable("out/kernel", [emb.shape[-1], n_spk])
        unit_cols = tf.nn.l2_normalize(kernel, axis=0)
        emb_len = tf.maximum(tf.norm(emb, axis=1, keepdims=True), 1e-12)
        cos = tf.matmul(emb / emb_len, unit_cols)
        target = tf.one_hot(spk, n_spk)
        logits = cfg["scale"] * (cos - cfg["margin"] * target)
        loss = tf.losses.sparse_softmax_cross_entropy(spk, logits)
    return loss + extra_penalties(emb, spk, cfg, scope), {"logits": logits, "kernel": kernel}


def extra_penalties(emb, spk, cfg, scope):
    total = 0.0
    for name in cfg.get("extra", []):
        if name == "mhe":
            with tf.variable_scope(scope, reuse=True):
                kernel = tf.get_variable("out/kernel")
                unit_cols = tf.nn.l2_normalize(kernel, axis=0)
                own = tf.gather(tf.transpose(unit_cols), spk)      # target speaker's unit row
                # mean squared chord length 2 - 2 cos between the target row and every row
                spread = tf.reduce_mean(2.0 - 2.0 * tf.matmul(own, unit_cols))
                total += cfg["mhe_weight"] / (spread + 1e-6)
        else:
            raise ValueError(name)
    return total


if __name__ == "__main__":
    cfg = {"scale": 30.0, "margin": 0.2, "extra": ["mhe"], "mhe_weight": 0.1}
    emb = tf.placeholder(tf.float32, [None, 512])
    spk = tf.placeholder(tf.int32, [None])
    loss, out = margin_cosine_head(emb, spk, 100, cfg, reuse=tf.AUTO_REUSE)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        print(sess.run(loss, {emb: np.random.rand(8, 512), spk: np.arange(8)}))
