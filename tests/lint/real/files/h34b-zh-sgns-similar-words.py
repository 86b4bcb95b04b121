# Synthetic rewrite of the shape of lonePatient/chinese-word2vec-pytorch:pyw2v/io/data_transformer.py at 22c9b3f502824145871427cc247a06869645f6e7 (licence NOASSERTION); not the original text.
import numpy as np
from sklearn.metrics.pairwise import cosine_similarity


class VectorTable:
    def __init__(self, txt_path):
        self.txt_path = txt_path
        self.lookup = {}
        self.tokens = []
        self.matrix = None
        self._read()

    # 读入训练后导出的中心词向量（文本格式，每行：词 + 数值）
    def _read(self):
        rows = []
        with open(self.txt_path, encoding="utf8") as fh:
            for raw in fh:
                parts = raw.rstrip("\n").split(" ")
                vec = np.asarray(parts[1:], dtype="float32")
                self.tokens.append(parts[0])
                self.lookup[parts[0]] = vec
                rows.append(vec)
        self.matrix = np.vstack(rows)

    # 打印与查询词最接近的若干个词
    def neighbours(self, query, k=8):
        if query not in self.lookup:
            raise KeyError(query)
        scores = cosine_similarity(self.lookup[query].reshape(1, -1), self.matrix)
        scores = scores.ravel()
        for j in np.argsort(scores)[::-1][:k]:
            print(f"{self.tokens[j]}\t{scores[j]:.3f}")


if __name__ == "__main__":
    VectorTable("output/vectors_sgns.txt").neighbours("北京")
