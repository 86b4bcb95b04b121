# Synthetic rewrite of the shape of julia-999/4490Thesis:MentalHealthNLP/experiment.py at 16713323a5c15e23b6b77979dfe8aa528ccb7259 (licence NOASSERTION); not the original text.
"""Compare emotion-word similarity from static word vectors and from BERT token states."""
import itertools

import gensim.downloader
import numpy as np
import torch
import torchtext
from scipy.spatial.distance import cosine
from transformers import BertModel, BertTokenizer

glove = torchtext.vocab.GloVe(name="6B", dim=100)
ft = torchtext.vocab.FastText(language="en")
w2v = gensim.downloader.load("word2vec-google-news-300")
bert = BertModel.from_pretrained("bert-base-uncased", output_hidden_states=True)
tok = BertTokenizer.from_pretrained("bert-base-uncased")

WORDS = ["calm", "grief", "worry", "boredom", "delight"]


def static_cos(a, b, source):
    if source == "glove":
        return float(torch.cosine_similarity(glove[a][None], glove[b][None]))
    if source == "fasttext":
        return float(torch.cosine_similarity(ft[a][None], ft[b][None]))
    va, vb = w2v[a], w2v[b]
    return float(va @ vb / (np.linalg.norm(va) * np.linalg.norm(vb)))


def bert_word_vector(sentence, word):
    pieces = tok.tokenize("[CLS] " + sentence + " [SEP]")
    ids = torch.tensor([tok.convert_tokens_to_ids(pieces)])
    with torch.no_grad():
        states = bert(ids, torch.ones_like(ids))[2]
    last = states[-1][0]                       # contextual output states
    return last[pieces.index(word)].numpy()


def main(sentences):
    for source in ("glove", "fasttext", "word2vec"):
        for a, b in itertools.combinations(WORDS, 2):
            print(source, a, b, round(static_cos(a, b, source), 3))
    vecs = {w: bert_word_vector(sentences[w], w) for w in WORDS}
    for a, b in itertools.combinations(WORDS, 2):
        print("bert-context", a, b, round(1 - cosine(vecs[a], vecs[b]), 3))


if __name__ == "__main__":
    main({w: f"lately I have been feeling {w} most days" for w in WORDS})
