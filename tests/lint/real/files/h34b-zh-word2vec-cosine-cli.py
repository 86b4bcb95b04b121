# Synthetic rewrite of the shape of TaoTaoHub/AI:useModel.py at b0dd03a3ac4acd0fc22cbc0041717640d3dbf650 (licence NOASSERTION); not the original text.
# 读取已经训练好的词向量二进制文件，查看近义词
import word2vec

vecs = word2vec.load("corpus_vectors.bin")
idx, scores = vecs.cosine('学习')
print(vecs["学习"][:10])
for i, s in zip(idx, scores):
    print(vecs.vocab[i], round(float(s), 3))
