# Synthetic rewrite of the shape of AdamSpannbauer/cs224n:a2/run.py at 737b3bc06cec8810808a064b1fe663b36ee2211e (licence NOASSERTION); not the original text.
import numpy as np
import matplotlib.pyplot as plt
from word2vec import skipgram, negSamplingLossAndGradient, word2vec_sgd_wrapper
from sgd import sgd

dim = 12
window = 4
rng = np.random.default_rng(7)

# first half: centre vectors, second half: outside vectors
params = np.concatenate(
    ((rng.random((nWords, dim)) - 0.5) / dim, np.zeros((nWords, dim))), axis=0)
params = sgd(
    lambda v: word2vec_sgd_wrapper(skipgram, tokens, v, dataset, window,
                                   negSamplingLossAndGradient),
    params, 0.25, 30000, None, True, PRINT_EVERY=100)

# stack centre and outside halves, then plot a few centre vectors in 2-D
wordVectors = np.concatenate(
    (params[:nWords, :], params[nWords:, :]), axis=0)
words = ["good", "fine", "awful", "terrible", "he", "she", "rain", "sun"]
rows = wordVectors[[tokens[w] for w in words], :]
centred = rows - rows.mean(axis=0)
U, S, Vt = np.linalg.svd(centred.T @ centred / len(words))
xy = centred @ U[:, :2]
for (x, y), w in zip(xy, words):
    plt.text(x, y, w)
plt.savefig("vectors_2d.png")
