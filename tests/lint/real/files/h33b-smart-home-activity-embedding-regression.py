# Synthetic rewrite of the shape of gazkune/generic_ar:experiments/cross_dataset/cross_lstm_regression.py at c2fb40b47ee51f31e8f570b4cc2f7851d59fc533 (licence NOASSERTION); not the original text.
# Cross-home activity recognition: an LSTM over sensor-event embeddings regresses the word vector
# of the activity name; the predicted vector is decoded to the nearest activity name by cosine.
import numpy as np
from scipy.spatial import distance
from keras.models import Sequential
from keras.layers import Embedding, LSTM, Dense

LOSS = 'cosine_proximity'   # regression target is a 300-d word vector, not a class index
TOP_K = 5


def build_regressor(sensor_vectors, seq_len, dropout=0.1):
    net = Sequential()
    net.add(Embedding(sensor_vectors.shape[0], sensor_vectors.shape[1], weights=[sensor_vectors],
                      input_length=seq_len, trainable=False))
    net.add(LSTM(256, dropout=dropout, recurrent_dropout=dropout))
    net.add(Dense(sensor_vectors.shape[1]))          # linear output in word-vector space
    net.compile(loss=LOSS, optimizer='adam', metrics=['mse'])
    return net


def nearest_activities(outputs, name_vectors, name_to_id, k=TOP_K):
    """For every predicted vector, the k activity names whose word vectors are closest."""
    names = list(name_vectors)
    ranked = []
    for vec in outputs:
        scored = sorted(names, key=lambda n: distance.cosine(vec, name_vectors[n]))
        ranked.append([name_to_id[n] for n in scored[:k]])
    return np.array(ranked)


def nearest_by_matrix(outputs, name_vectors, id_to_name):
    # alternative decoding: stack the label word vectors and take the largest dot product
    table = np.stack([name_vectors[id_to_name[str(i)]] for i in range(len(id_to_name))])
    scores = outputs @ table.T
    return scores.argmax(axis=1)
