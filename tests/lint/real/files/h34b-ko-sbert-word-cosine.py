# Synthetic rewrite of the shape of Goldchae/LLM_practice:LLM_book/embedding_model/understanding_textEmbedding.py at 6618cdc52ad4a9d508c64b2e188463f6287c13cb (licence NOASSERTION); not the original text.
# 문장 임베딩 모델로 단어 세 개의 유사도 행렬 만들기
from sentence_transformers import SentenceTransformer
from sklearn.metrics.pairwise import cosine_similarity
import numpy as np

encoder = SentenceTransformer("jhgan/ko-sroberta-multitask")
dense_embeddings = encoder.encode(["사과", "과일", "자동차"])
print(cosine_similarity(dense_embeddings))  # 코사인 유사도 행렬

# 원-핫 벡터끼리는 서로 직교하므로 유사도가 0
onehot = {"apple": np.array([[1, 0, 0]]), "fruit": np.array([[0, 1, 0]]), "car": np.array([[0, 0, 1]])}
print(cosine_similarity(onehot["apple"], onehot["fruit"]))
