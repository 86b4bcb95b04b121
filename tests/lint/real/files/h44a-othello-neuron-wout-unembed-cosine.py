# Synthetic rewrite of the shape of adsingh-64/OthelloUnderstanding:cosine_sims.py at 2321f0bde6d4acf82a3c81236e858d8ae75500f5 (licence NOASSERTION); not the original text.
"""Where does one MLP neuron write on the board? Compare its output weights with every move's unembedding."""
import torch as t
import einops

import circuits.utils as utils

dev = "cuda" if t.cuda.is_available() else "cpu"
CENTRE = [27, 28, 35, 36]
PLAYABLE = [sq for sq in range(64) if sq not in CENTRE]


def unit_out_weights(model, layer, neuron):
    vec = model.W_out[layer, neuron, :].detach().clone()
    return vec / vec.norm()


def neuron_vs_unembed(model, layer, neuron):
    W_U = model.W_U.detach().clone()          # d_model x (1 + 60 moves), column 0 = pass
    w = unit_out_weights(model, layer, neuron)
    W_U_normalized = W_U[:, 1:] / W_U[:, 1:].norm(dim=0, keepdim=True)
    sims = einops.einsum(w, W_U_normalized, "d, d move -> move")
    grid = t.zeros(64, device=dev)
    grid[PLAYABLE] = sims
    return grid.view(8, 8)


if __name__ == "__main__":
    othello = utils.get_model("Baidicoot/Othello-GPT-Transformer-Lens", dev)
    board = neuron_vs_unembed(othello, layer=5, neuron=1393)
    print(board)
