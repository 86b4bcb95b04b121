# cosaudit corpus, synthetic file: same shape as zihangwen/OthelloReverseEngineering/board_state_neurons.py at 705930a89c9ddb4e3e72869db8ab92f86e0a5da6 (licence NOASSERTION); new code, no text copied.
# %% Which neurons write to which board squares?
import einops
import torch as t
from helpers import load_othello_model, ALL_SQUARES

device = "cuda" if t.cuda.is_available() else "cpu"
model = load_othello_model(device)
n_layers, n_neurons = model.cfg.n_layers, model.cfg.d_mlp

w_out = model.W_out.detach().clone()          # [layer, neuron, d_model]
# w_out = w_out / w_out.norm(dim=-1, keepdim=True)
W_U = model.W_U[:, 1:].detach().clone()       # [d_model, 60]
# W_U = W_U / W_U.norm(dim=0, keepdim=True)

writes = einops.einsum(w_out, W_U, "layer neuron d_model, d_model sq -> layer neuron sq")

write_board = t.zeros((n_layers, n_neurons, 8, 8), device=device)
write_board.flatten(start_dim=-2)[..., ALL_SQUARES] = writes

# %% strongest writers for one square
square = 25
top = writes[..., ALL_SQUARES.index(square)].flatten().topk(10)
print([divmod(int(i), n_neurons) for i in top.indices])
