# Synthetic rewrite of the shape of philipperemy/deep-speaker:deep_speaker/conv_models.py at 76d91dd3f30895690ca295e4c47c6629b4292533 (licence MIT); not the original text.
# Speaker embedding network: a softmax over training speakers is used only for pre-training;
# afterwards the softmax layer is discarded and utterances are compared by cosine of the
# L2-normalised 512-d embedding.
from tensorflow.keras import backend as K
from tensorflow.keras.layers import Dense, Dropout, Lambda, Reshape
from tensorflow.keras.models import Model


class SpeakerNet:
    def __init__(self, trunk, inputs, n_train_speakers=None, with_softmax=False):
        self.with_softmax = with_softmax
        h = trunk(inputs)
        h = Reshape((-1, 2048))(h)
        h = Lambda(lambda t: K.mean(t, axis=1), name='time_pool')(h)
        if with_softmax:
            h = Dropout(0.5)(h)                      # small pre-training set, fights over-fitting
        h = Dense(512, name='affine')(h)
        if with_softmax:
            # speaker-classification layer, only present during pre-training
            h = Dense(n_train_speakers, activation='softmax')(h)
        else:
            h = Lambda(lambda t: K.l2_normalize(t, axis=1), name='unit')(h)
        self.m = Model(inputs, h)

    def get_weights(self):
        ws = self.m.get_weights()
        if self.with_softmax:
            ws = ws[:-2]                             # drop the softmax kernel and bias
        return ws


def embedding_cosine(a, b):
    # both embeddings are already unit length, so the dot product is the cosine
    return (a * b).sum(axis=1)
