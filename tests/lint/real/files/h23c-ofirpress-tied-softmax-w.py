# Synthetic rewrite of the shape of ofirpress/UsingTheOutputEmbedding:ptb_word_lm/ptb_word_lm_WT.py at 56751807998767d743a26350c1565b084d359f57 (licence NOASSERTION); not the original text.
"""PTB word-level LSTM language model whose softmax reuses the input embedding (TF1 style)."""
import tensorflow as tf
from tensorflow.models.rnn import rnn


class TiedPTBModel(object):
    def __init__(self, is_training, config):
        self.batch_size = batch_size = config.batch_size
        self.num_steps = num_steps = config.num_steps
        size, vocab_size = config.hidden_size, config.vocab_size

        self._input_data = tf.placeholder(tf.int32, [batch_size, num_steps])
        self._targets = tf.placeholder(tf.int32, [batch_size, num_steps])

        cell = tf.nn.rnn_cell.BasicLSTMCell(size, forget_bias=0.0)
        if is_training and config.keep_prob < 1:
            cell = tf.nn.rnn_cell.DropoutWrapper(cell, output_keep_prob=config.keep_prob)
        cell = tf.nn.rnn_cell.MultiRNNCell([cell] * config.num_layers)
        self._initial_state = cell.zero_state(batch_size, tf.float32)

        with tf.device("/cpu:0"):
            table = tf.get_variable("embedding", [vocab_size, size])
            x = tf.nn.embedding_lookup(table, self._input_data)
        if is_training and config.keep_prob < 1:
            x = tf.nn.dropout(x, config.keep_prob)

        steps = [tf.squeeze(t, [1]) for t in tf.split(1, num_steps, x)]
        outs, state = rnn.rnn(cell, steps, initial_state=self._initial_state)
        h = tf.reshape(tf.concat(1, outs), [-1, size])

        # weight tying: the output projection is the transposed input table
        softmax_w = tf.transpose(table)
        softmax_b = tf.get_variable("softmax_b", [vocab_size])
        logits = tf.matmul(h, softmax_w) + softmax_b

        loss = tf.nn.seq2seq.sequence_loss_by_example(
            [logits], [tf.reshape(self._targets, [-1])],
            [tf.ones([batch_size * num_steps])])
        self._cost = tf.reduce_sum(loss) / batch_size
        self._final_state = state
