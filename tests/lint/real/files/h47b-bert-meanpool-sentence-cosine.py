# Synthetic rewrite of the shape of ysooj/ysooj.github.io:ai_practice/3-1/BERT_embedding.py at 9237543d47644ba1f85d310bd274c5c278ef8589 (licence NOASSERTION); not the original text.
import torch
from scipy.spatial.distance import cosine
from transformers import BertModel, BertTokenizer

checkpoint = "bert-base-uncased"
tok = BertTokenizer.from_pretrained(checkpoint)
encoder = BertModel.from_pretrained(checkpoint)

pair = [
    "A small cat sleeps on the warm mat",
    "A little kitten naps on the cosy rug",  # expected to be close to the first
]

batches = [tok(s, return_tensors="pt") for s in pair]
with torch.no_grad():
    outs = [encoder(**b) for b in batches]

vec_a = outs[0].last_hidden_state.mean(dim=1).squeeze().numpy()
vec_b = outs[1].last_hidden_state.mean(dim=1).squeeze().numpy()

similarity = 1 - cosine(vec_a, vec_b)
print(similarity)
