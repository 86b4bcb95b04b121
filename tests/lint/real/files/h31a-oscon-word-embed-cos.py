# Synthetic rewrite of the shape of Hezi-Resheff/Oreilly-OSCON2017-Learning-TensorFlow:solutions/text_word_embed_ex1.py at 325f4cec53f894cbac1082eda8b620edbdc847b7 (licence NOASSERTION); not the original text.
# Exercise answer: nearest words to a query word in the learned lookup table.
# `embeddings`, `sess`, `vocab_index` and `index_vocab` come from the training notebook.
import numpy as np
import tensorflow as tf

row_len = tf.sqrt(tf.reduce_sum(tf.square(embeddings), 1, keep_dims=True))
unit_table = sess.run(embeddings / row_len)

query = unit_table[vocab_index["seven"]]

cosine_dists = np.dot(unit_table, query)
closest = np.argsort(cosine_dists)[::-1][1:8]
for idx in closest:
    print(index_vocab[idx], round(float(cosine_dists[idx]), 3))
