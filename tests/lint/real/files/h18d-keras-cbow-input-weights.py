# Synthetic rewrite of the shape of PacktPublishing/Deep-Learning-with-Keras:Chapter05/keras_cbow.py at 8079e88450b16cbc3c910075138dbc61ebf916d4 (licence MIT); not the original text.
# Continuous bag-of-words in Keras: average the context vectors, predict the centre word
# with a full softmax over the vocabulary, then keep the input lookup table as the word vectors.
from keras import backend as K
from keras.layers import Dense, Embedding, Lambda
from keras.models import Sequential

VOCAB = 8000
DIM = 200
HALF_WINDOW = 2

model = Sequential()
model.add(Embedding(input_dim=VOCAB, output_dim=DIM, input_length=2 * HALF_WINDOW,
                   embeddings_initializer="glorot_uniform"))
model.add(Lambda(lambda ctx: K.mean(ctx, axis=1), output_shape=(DIM,)))
model.add(Dense(VOCAB, activation="softmax", kernel_initializer="glorot_uniform"))
model.compile(loss="categorical_crossentropy", optimizer="adadelta")

# word vectors = rows of the input table (the softmax Dense is left untouched)
weights = model.layers[0].get_weights()[0]
print(weights.shape)
