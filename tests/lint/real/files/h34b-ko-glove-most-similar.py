# Synthetic rewrite of the shape of Jaedong95/python:Deep_Learning/embedding/4-27.py at d82d42b99749a1c1ee0ee649c4b63972e77ab60f (licence NOASSERTION); not the original text.
"""
사전 학습된 GloVe 벡터로 질의어와 코사인 유사도가 높은 단어 확인
"""
from embeddings.evaluator import StaticVectorEvaluator

evaluator = StaticVectorEvaluator(
    "/data/vectors/glove_ko_100d.txt", kind="glove", dim=100, tokenizer="mecab"
)

evaluator.most_similar('사랑', topn=7)
