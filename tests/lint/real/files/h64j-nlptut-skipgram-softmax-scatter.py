# Synthetic rewrite of the shape of graykode/nlp-tutorial:1-2.Word2Vec/Word2Vec-Skipgram(Softmax).py at d05e31ec81d56d70c1db89b99ab07e948f7ebc11 (licence MIT); not the original text.
"""Tiny skip-gram with a full softmax over the vocabulary, then a 2-D scatter of the word vectors."""
import matplotlib.pyplot as plt
import numpy as np
import torch
import torch.nn as nn
import torch.optim as optim


class SkipGram(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.inp = nn.Linear(vocab, dim, bias=False)    # one-hot -> word vector
        self.out = nn.Linear(dim, vocab, bias=False)    # word vector -> vocabulary scores (separate matrix)

    def forward(self, onehot):
        return self.out(self.inp(onehot))


def pairs(tokens, index):
    out = []
    for i in range(1, len(tokens) - 1):
        for j in (i - 1, i + 1):
            out.append((index[tokens[i]], index[tokens[j]]))
    return out


def main():
    text = ["red green colour", "green blue colour", "blue red colour",
            "cow goat farm", "goat pig farm", "pig cow farm"]
    tokens = " ".join(text).split()
    vocab = sorted(set(tokens))
    index = {w: k for k, w in enumerate(vocab)}
    data = pairs(tokens, index)
    eye = np.eye(len(vocab))

    model = SkipGram(len(vocab), 2)
    opt = optim.Adam(model.parameters(), lr=1e-3)
    loss_fn = nn.CrossEntropyLoss()
    rng = np.random.default_rng(0)
    for step in range(4000):
        pick = rng.choice(len(data), 2, replace=False)
        x = torch.tensor(eye[[data[p][0] for p in pick]], dtype=torch.float32)
        y = torch.tensor([data[p][1] for p in pick])
        opt.zero_grad()
        loss = loss_fn(model(x), y)
        loss.backward()
        opt.step()

    vecs = model.inp.weight.detach()          # (dim, vocab): input-side word vectors
    for k, word in enumerate(vocab):
        px, py = vecs[0, k].item(), vecs[1, k].item()
        plt.scatter(px, py)
        plt.annotate(word, (px, py), textcoords="offset points", xytext=(4, 2))
    plt.show()


if __name__ == "__main__":
    main()
