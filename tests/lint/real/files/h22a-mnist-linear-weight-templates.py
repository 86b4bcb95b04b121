# Synthetic rewrite of the shape of xanderlewis/ml-from-scratch:plot_stuff.py at 85245076abac937fbe3c2f2f491c9f04ee2a08ab (licence NOASSERTION); not the original text.
import pickle

import matplotlib.pyplot as plt
import numpy as np

# a softmax regression fitted earlier on handwritten digits
with open("digits_softmax.pkl", "rb") as fh:
    clf = pickle.load(fh)

# its 784 x 10 weight matrix, one column per digit, drawn as pictures
fig, grid = plt.subplots(2, 5, figsize=(10, 4))
for digit, ax in enumerate(grid.ravel()):
    template = (clf.W + clf.b)[:, digit].reshape(28, 28)
    ax.imshow(template, cmap="magma")
    ax.set_title(str(digit))
    ax.set_xticks([])
    ax.set_yticks([])
plt.tight_layout()
plt.show()
