# Synthetic rewrite of the shape of abagaria/transformer:embedding_analysis.py at 04e5be3e94b4ad9e8246266806ee55ffac300232 (licence NOASSERTION); not the original text.
import sys
import pickle
import numpy as np
import torch
from sklearn.manifold import MDS
from matplotlib import pyplot as plt

from model import LanguageModel
from hyperparameters import Hyperparameters
from dataset import LMDataset
from utils import get_sentences


def scatter_2d(snippets, vecs, out_png):
    xy = MDS(n_components=2).fit_transform(vecs)
    plt.figure(figsize=(16, 16))
    plt.scatter(xy[:, 0], xy[:, 1], color="teal")
    for s, (x, y) in zip(snippets, xy):
        plt.annotate(s, (x, y))
    plt.savefig(out_png, dpi=90)


def contextual_vectors(words):
    windows, where = [], []
    for w in data.training_data:
        for target in words:
            if target in w:
                windows.append(w)
                where.append(w.index(target))

    lm = LanguageModel(len(vocab), hp.embed_size, hp.window_size, hp.hidden_size, device, None)
    lm.load_state_dict(torch.load("saved_runs/transformer_lm.pt"))
    lm.eval()

    rows, snippets = [], []
    for w, pos in zip(windows, where):
        ids = torch.tensor([vocab[t] for t in w], dtype=torch.long, device=device)
        with torch.no_grad():
            _, output_embeddings = lm(ids)          # per-position states of the last layer
        rows.append(output_embeddings.cpu().numpy()[pos])
        snippets.append(" ".join(w[max(0, pos - 4):pos + 4]))
    scatter_2d(snippets[:25], np.stack(rows[:25]), f"{words[0]}.png")


if __name__ == "__main__":
    hp = Hyperparameters()
    vocab = pickle.load(open("vocab.pkl", "rb"))
    inverse = pickle.load(open("reverse_vocab.pkl", "rb"))
    device = "cuda" if torch.cuda.is_available() else "cpu"
    sents = get_sentences(sys.argv[1]) + get_sentences(sys.argv[2])
    data = LMDataset(sents, vocab, inverse, hp.window_size)
    contextual_vectors(["light", "lights", "lighted"])
    contextual_vectors(["bank"])
