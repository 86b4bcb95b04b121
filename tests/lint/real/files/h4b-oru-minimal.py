# cosaudit corpus, synthetic file: same shape as zihangwen/OthelloReverseEngineering/minimal_example.py at 705930a89c9ddb4e3e72869db8ab92f86e0a5da6 (licence NOASSERTION); new code, no text copied.
# %% Minimal walk-through of one OthelloGPT neuron
import torch as t
from helpers import get_w_in, get_w_out, load_othello_model, plot_board_values, ALL_SQUARES

device = "cuda" if t.cuda.is_available() else "cpu"
model = load_othello_model(device)           # HookedTransformer built from the trained checkpoint
layer, neuron = 5, 1393

# drop the "pass" token and give every move column unit length
W_U_unit = model.W_U[:, 1:] / model.W_U[:, 1:].norm(dim=0, keepdim=True)

# %% input side: compare with the probe directions
w_in = get_w_in(model, layer, neuron, normalize=True)

# %% output side: which moves does the neuron write towards?
w_out = get_w_out(model, layer, neuron, normalize=True)
move_cos = w_out @ W_U_unit                   # (60,)

board = t.zeros(8, 8, device=device)
board.flatten()[ALL_SQUARES] = move_cos
plot_board_values(board, title=f"cos(w_out of L{layer}N{neuron}, unembedding of each move)")
