# Synthetic rewrite of the shape of ShawonAshraf/word2vec-pytorch:main.py at 20682baadda6e4b9c0e773849ccbdfd63222065a (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn

from prep import CorpusPrep
from net import fit

prep = CorpusPrep(width=2)
pairs, centres, windows = prep.build()

net = fit(
    vocab_size=len(prep.vocab),
    hidden=2,
    lr=0.05,
    centres=centres,
    windows=windows,
)


def which_side(trained):
    # first layer maps a one-hot word to the hidden code; its columns are the word vectors
    enc = trained.encode.weight
    enc = torch.stack((enc[0], enc[1]), dim=1)
    shift = trained.encode.bias
    word_vecs = enc + shift

    sim = nn.CosineSimilarity(dim=0)
    ids = prep.index_of
    hero = sim(word_vecs[ids["kent"]], word_vecs[ids["superman"]])
    villain = sim(word_vecs[ids["kent"]], word_vecs[ids["luthor"]])

    verdict = "superman" if hero > villain else "luthor"
    print(f"kent looks most like: {verdict}")


which_side(net)
