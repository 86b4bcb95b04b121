# Synthetic rewrite of the shape of zackmdavis/Exercises_A:ARENA/othello.py at fc07c27a49f8a98447a9c011d9a1d605d199ef61 (licence NOASSERTION); not the original text.
# Notes while working through the OthelloGPT chapter: a board-state probe was
# trained with a softmax over three options per square (empty / white / black),
# separately for each "mode" (black to move, white to move, both).
import torch
from torch import nn
from transformer_lens import HookedTransformer, HookedTransformerConfig

config = HookedTransformerConfig(
    n_layers=8, d_model=512, d_head=64, n_heads=8, d_mlp=2048,
    d_vocab=61, n_ctx=59, act_fn="gelu", normalization_type="LNPre",
)
othello_model = HookedTransformer(config)

# index 0 of the vocabulary is the "pass" move, which is why there are 61 ids.

# probe layout: [mode, d_model, row, col, option]
probe = torch.load("board_probe.pth")


def option_alignment(probe_weights, option=1):
    # compare the weight vector for one option in the "white to move" probe with
    # the same option in the combined probe, square by square
    along_model = nn.CosineSimilarity(dim=0)
    return along_model(probe_weights[1, ..., option], probe_weights[2, ..., option])


per_square = option_alignment(probe)
print(per_square.shape)   # (8, 8)
