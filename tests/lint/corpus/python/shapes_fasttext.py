# expect: COS301
"""fastText's output matrix: in a supervised classifier (labels prefixed `__label__`) one softmax row
per label, so label-to-label cosines and a cosine lens over it are findings; the context vectors of an
unsupervised model (`shapes_fasttext_unsupervised.py`) are not a softmax head. Written for cosaudit's tests."""
import fasttext
import numpy as np

clf = fasttext.train_supervised("train.txt", label="__label__")
out = clf.get_output_matrix()
unit = out / np.linalg.norm(out, axis=1, keepdims=True)
print(unit @ unit.T)  # expect: COS101


class LabelSearch(fasttext.FastText._FastText):
    def __init__(self, path):
        super().__init__(model_path=path)
        self.output_matrix = self.get_output_matrix()

    def labels_for_vector(self, v, k=5):
        sims = self.output_matrix @ v / (np.linalg.norm(self.output_matrix, axis=1) * np.linalg.norm(v))  # expect: COS120
        return np.argsort(-sims)[:k]
