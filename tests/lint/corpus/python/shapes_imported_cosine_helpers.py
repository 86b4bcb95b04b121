"""A helper imported from a module outside the scan, named for exactly a cosine of two operands
(`cosine_sim_matrix(M, v)`, `cos_dist(a, b)`): its name is all the scan sees of it, so it counts as a
cosine of what it is given. Given a supervised fastText model's output matrix (one softmax row per
`__label__`) and a query vector, COS120; given two rows of that matrix, COS101 (a shared translation
of the rows moves both). Quiet: the same helpers on the input (word) matrix, on features and
prototypes, and helpers whose names say something else (a loss, a plot).

Shapes seen in a public search service wrapping fastText; written for cosaudit's tests.
"""
import fasttext
import numpy as np

from .utils import cos_dist, cos_many, cos_schedule, cosine_loss, cosine_sim_matrix, plot_cosine_sim

model = fasttext.load_model("intent_supervised.bin")
label_rows = model.get_output_matrix()
word_rows = model.get_input_matrix()
labels = [name.replace("__label__", "") for name in model.get_labels()]


def labels_for_vector(vector, top_n=5):
    sims = cosine_sim_matrix(label_rows, vector)  # expect: COS120
    order = np.argsort(-sims)
    return [labels[i] for i in order[:top_n]]


def label_distance(a, b):
    return cos_dist(label_rows[labels.index(a)], label_rows[labels.index(b)])  # expect: COS101


def tags_for_vector(vector, top_n=5):
    """Named for how many it compares (`cos_many`, `cos_one`, `cosine_all`): a cosine all the same."""
    return np.argsort(-cos_many(label_rows, vector))[:top_n]  # expect: COS120


# quiet: the input matrix's word vectors, features against prototypes, other jobs
def words_for_vector(vector, top_n=5):
    sims = cosine_sim_matrix(word_rows, vector)
    return np.argsort(-sims)[:top_n]


features = np.load("features.npy")
prototypes = features.reshape(10, -1, features.shape[-1]).mean(1)
print(cosine_sim_matrix(features, prototypes))
print(cosine_loss(label_rows, features))
plot_cosine_sim(label_rows, features)
print(cos_schedule(label_rows, 100))  # a learning-rate schedule named for the cosine: no similarity
