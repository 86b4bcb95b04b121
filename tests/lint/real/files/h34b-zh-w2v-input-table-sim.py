# Synthetic rewrite of the shape of Huianyuan/pyNLP:Word2vec/test_1_word2vec.py at de909549fbd1f3ea9195a0c680fde8756793dd05 (licence NOASSERTION); not the original text.
import pickle
import numpy as np

# 读取训练脚本保存的参数：输入词表矩阵、词典，以及输出矩阵
in_table, tok2id, id2tok, out_table = pickle.load(open("skipgram_params.pkl", "rb"))


def lookup(tok):
    return in_table[tok2id[tok]]


def nearest_words(tok, k):
    query = lookup(tok)
    scores = {}
    for j in range(len(tok2id)):
        other = in_table[j]
        num = np.dot(query, other)
        den = np.linalg.norm(query) * np.linalg.norm(other)
        scores[id2tok[j]] = num / den
    ranked = sorted(scores.items(), key=lambda kv: kv[1], reverse=True)
    for w, s in ranked[:k]:
        print(w, round(float(s), 4))


nearest_words("函数", 15)
