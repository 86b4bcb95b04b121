"""An unsupervised fastText model (skip-gram with negative sampling): its output matrix holds context
vectors scored by a sigmoid, not a softmax head, so their cosines stay quiet. Written for cosaudit's tests."""
import fasttext
import numpy as np

wv = fasttext.train_unsupervised("corpus.txt", model="skipgram")
ctx = wv.get_output_matrix()
unit = ctx / np.linalg.norm(ctx, axis=1, keepdims=True)
print(unit @ unit.T)
