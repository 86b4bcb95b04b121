# Synthetic rewrite of the shape of groq/mlagility:models/popular_on_huggingface/cardiffnlp_tweet-topic-21-single.py at 8763f2b6d2b13da7fe6de55ff5d91ff5d33eaeaa (licence MIT); not the original text.
import numpy as np
from scipy.special import softmax
from transformers import AutoModelForSequenceClassification, AutoTokenizer

CKPT = "some-org/news-topic-classifier"
tok = AutoTokenizer.from_pretrained(CKPT)
clf = AutoModelForSequenceClassification.from_pretrained(CKPT)
names = clf.config.id2label

batch = tok("The central bank raised rates again this morning.", return_tensors="pt")
raw = clf(**batch)[0][0].detach().numpy()
scores = softmax(raw)

order = np.argsort(scores)[::-1]
for rank, idx in enumerate(order, start=1):
    print(rank, names[idx], round(float(scores[idx]), 4))
