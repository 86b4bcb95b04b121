# cosaudit corpus, synthetic file: same shape as zilaeric/othello-gpt-probing/mechanistic_interpretability/tl_exploration.py at c85db41058de0e4d086477a950a0a67419d015c3 (licence MIT); new code, no text copied.
# %%
import torch
from fancy_einsum import einsum
from plotting import imshow

# probe: (mode, d_model, row, col, option) with options (empty, white, black), trained with log_softmax
probe = torch.load("probes/board_probe.pth")
model = torch.load("ckpt/othello_tl.pt")
tiles = [f"{r}{c}" for r in "ABCDEFGH" for c in range(8)]

# %% colour direction per tile: black row minus white row of the same softmax
def colour_dirs(mode):
    d = probe[mode, :, :, :, 2] - probe[mode, :, :, :, 1]
    d = d.reshape(512, 64)
    return d / d.norm(dim=0)

both = torch.cat([colour_dirs(0), colour_dirs(1)], dim=1)
imshow(both.T @ both, x=[t + s for s in ("(odd)", "(even)") for t in tiles],
       y=[t + s for s in ("(odd)", "(even)") for t in tiles], title="cosine of black-minus-white probe directions per tile")

# %% blank direction: empty row minus the mean of the two colour rows
blank_dir = probe[0, :, :, :, 0] - 0.5 * (probe[0, :, :, :, 1] + probe[0, :, :, :, 2])
colour_dir = probe[0, :, :, :, 2] - probe[0, :, :, :, 1]

# %% which components write the colour direction at one move (projection = probe logit difference)
def contributions(stack):
    return einsum("comp d, d row col -> comp row col", stack, colour_dir)

# %% input weights of one neuron read through the (normalised) blank and colour directions
w = model.blocks[5].mlp.W_in[:, 1393]
w = w / w.norm()
reads = torch.stack([
    (w[:, None, None] * blank_dir / blank_dir.norm(dim=0, keepdim=True)).sum(0),
    (w[:, None, None] * colour_dir / colour_dir.norm(dim=0, keepdim=True)).sum(0),
], dim=-1)
imshow(reads, facet_col=2, facet_labels=["blank", "black - white"])
