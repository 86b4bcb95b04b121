# Synthetic rewrite of the shape of sijavadzadeh/CodeWithLLMs:embedding.py at 27bffe37847787b7f7dd24978d8de4769c81c577 (licence NOASSERTION); not the original text.
from scipy.spatial.distance import cosine
from transformers import AutoTokenizer, BertModel

name = "bert-base-uncased"
encoder = BertModel.from_pretrained(name)
tok = AutoTokenizer.from_pretrained(name)


def last_layer(sentence):
    batch = tok(sentence, return_tensors="pt")
    return encoder(**batch)[0]


s_a = "He sat on the bank of the river and watched the boats."
s_b = "She went to the bank to open a savings account."

pieces_a = tok.tokenize(s_a)
pieces_b = tok.tokenize(s_b)

emb1 = last_layer(s_a)[0, pieces_a.index("bank") + 1].detach()
emb2 = last_layer(s_b)[0, pieces_b.index("bank") + 1].detach()

# contextual vectors of the same word in two sentences
print(1 - cosine(emb1,emb2))
