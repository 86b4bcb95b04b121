# Synthetic rewrite of the shape of conversationai/conversationai-models:experiments/tf_trainer/tf_word_label_embedding/model.py at eaf9c6d85893ade0a0e8121d92fdc8d1022e92eb (licence Apache-2.0); not the original text.
import tensorflow as tf


def label_attention_logits(token_vecs, hidden_sizes, emb_dim, labels):
    """Attend over tokens by their cosine to two learned label vectors, then a sigmoid output."""
    label_vecs = tf.get_variable(
        "label_vecs", [2, emb_dim],
        initializer=tf.random_normal_initializer(mean=0.0, stddev=1.0))

    tok_unit = tf.nn.l2_normalize(token_vecs, axis=-1)
    lab_unit = tf.nn.l2_normalize(label_vecs, axis=-1)
    # [batch, seq, 2]: cosine of every token against each label vector
    tok_label_cos = tf.tensordot(tok_unit, tf.transpose(lab_unit), axes=1)
    smoothed = tf.layers.conv2d(tf.expand_dims(tok_label_cos, -1), filters=1,
                                kernel_size=[5, 1], padding="same", activation=tf.nn.relu)
    best = tf.reduce_max(tf.squeeze(smoothed, -1), axis=-1)
    weights = tf.expand_dims(tf.nn.softmax(best, axis=-1), -1)
    pooled = tf.reduce_sum(token_vecs * weights, axis=1)

    stack = [tf.layers.Dense(n, activation=tf.nn.relu) for n in hidden_sizes]
    stack.append(tf.layers.Dense(1))
    out = pooled
    for layer in stack:
        out = layer(out)

    # each label vector should itself be scored as its own class by the same stack
    reg = 0.0
    for idx, target in ((0, 0.0), (1, 1.0)):
        z = tf.expand_dims(label_vecs[idx], 0)
        for layer in stack:
            z = layer(z)
        reg += tf.nn.sigmoid_cross_entropy_with_logits(labels=[[target]], logits=z)

    loss = tf.nn.sigmoid_cross_entropy_with_logits(labels=labels, logits=out) + reg
    return out, loss
