# Synthetic rewrite of the shape of SShafiP/NLP-CBOW-Skipgram:CBOW_main_s.py at e6f2c082695fc82421575a73997d5a1701a407de (licence CC0-1.0); not the original text.
import torch
import torch.nn as nn


class ContextBag(nn.Module):
    """Averages one-hot context words through a linear map, then scores the vocabulary."""

    def __init__(self, half_window, dim, vocab_size):
        super().__init__()
        self.half_window = half_window
        self.proj = nn.Linear(vocab_size, dim)
        self.score = nn.Linear(dim, vocab_size)
        self.log_probs = nn.LogSoftmax(dim=1)

    def forward(self, one_hots):
        acc = 0
        for v in one_hots:
            acc = acc + self.proj(v)
        acc = acc / (2 * self.half_window)
        return self.log_probs(self.score(acc))

    def word_vector(self, idx):
        # the column of the input projection that a one-hot word selects
        return self.proj.weight[:, idx].detach()


def analogy(model, vocab, itos, a, b, c, top=5):
    n_words = len(itos)
    table = torch.zeros(n_words, model.proj.out_features)
    for i in range(n_words):
        table[i] = model.word_vector(i)

    guess = table[vocab[a]] - table[vocab[b]] + table[vocab[c]]
    cos = nn.CosineSimilarity(dim=0)
    sims = torch.zeros(n_words)
    for i in range(n_words):
        sims[i] = cos(guess, table[i])
    best = torch.topk(sims, top).indices
    return [itos[i.item()] for i in best]
