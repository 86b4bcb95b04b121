# Synthetic rewrite of the shape of DashrathGelot/mlm:token_embeddings.py at 268c1b0c6c051c5497f39a6ae8ad2f77dd18fe25 (licence NOASSERTION); not the original text.
"""Walk through the two lookup tables that feed a GPT-style block: tokens and positions."""
import torch

from prep import load_corpus
from batching import make_loader

VOCAB = 50257
WIDTH = 128
WINDOW = 6

tok_table = torch.nn.Embedding(VOCAB, WIDTH)
print("token table:", tuple(tok_table.weight.shape))

loader = make_loader(load_corpus(), batch_size=4, context_size=WINDOW, stride=WINDOW, shuffle=False)
inputs, targets = next(iter(loader))
print("inputs:\n", inputs)
print("targets:\n", targets)

token_embeddings = tok_table(inputs)
print("looked-up token vectors:", tuple(token_embeddings.shape))

# learned absolute positions, one row per slot in the window
pos_table = torch.nn.Embedding(WINDOW, WIDTH)
pos_vectors = pos_table(torch.arange(WINDOW))
print("position vectors:", tuple(pos_vectors.shape))

block_input = token_embeddings + pos_vectors
print("block input:", tuple(block_input.shape))
