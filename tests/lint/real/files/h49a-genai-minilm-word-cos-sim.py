# Synthetic rewrite of the shape of umeshchalwadi/GenerativeAI:GenAI/VectorEmbeddingUsingEncoder.py at b6b2008e736fb83957beae4e19b2838a99474113 (licence NOASSERTION); not the original text.
# needs: pip install sentence-transformers
from sentence_transformers import SentenceTransformer
from sentence_transformers.util import cos_sim

encoder = SentenceTransformer("sentence-transformers/all-MiniLM-L6-v2")

pair = ["river", "stream"]
vecs = encoder.encode(pair)

# how close are the two sentence embeddings?
score = cos_sim(vecs[0], vecs[1])
print(f"{pair[0]} vs {pair[1]}: {score}")
