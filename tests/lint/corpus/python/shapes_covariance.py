"""Covariances and correlations of a head's rows in numpy's spellings. With the rows as variables
(`np.cov(W)`, `np.corrcoef(W)`) each row is centred over its own coordinates, not over the labels: a
translation of every row changes them. With `rowvar=False` the columns are the variables: a feature
covariance over the labels, which the translation leaves alone (vocabulary-expansion code draws new
rows from it).

Shapes seen in public vocabulary-expansion and class-similarity code; written for cosaudit's tests.
"""
import numpy as np
import torch

state = torch.load("classifier.pt", map_location="cpu")
W = state["fc.weight"].numpy()

feature_cov = np.cov(W, rowvar=False)
feature_corr = np.corrcoef(W, rowvar=False)
new_rows = np.random.multivariate_normal(W.mean(axis=0), feature_cov * 1e-5, size=4)

class_corr = np.corrcoef(W)  # expect: COS101
class_cov = np.cov(W)  # expect: COS102
transposed_back = np.corrcoef(W.T, rowvar=False)  # expect: COS101
print(class_corr[0, 1], class_cov[0, 1], transposed_back[2, 3], feature_corr.shape, new_rows.shape)


def feature_spread(rows):
    """The spread of the rows' coordinates, to draw new rows near them: columns compared."""
    return np.cov(rows, rowvar=False)


def row_grams(rows):
    return np.cov(rows)


def hidden_gram(rows):
    return rows.T @ rows


from transformers import AutoModel  # noqa: E402

bert = AutoModel.from_pretrained("bert-base-uncased")
table = bert.embeddings.word_embeddings.weight.detach().numpy()
spread = feature_spread(table)
dims = hidden_gram(table)
tokens = row_grams(table[:50])  # expect: COS150
