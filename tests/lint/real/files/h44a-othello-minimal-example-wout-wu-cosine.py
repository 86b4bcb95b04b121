# Synthetic rewrite of the shape of adsingh-64/OthelloUnderstanding:minimal_example.py at 1973c48c7993cd2f45a519f86bab4a076d73ed44 (licence NOASSERTION); not the original text.
# %%
# Walkthrough: load Othello-GPT, read a layer-5 probe, then ask which moves one neuron writes towards.
import torch as t
import einops
import circuits.utils as utils
import neel_utils

dev = "cuda" if t.cuda.is_available() else "cpu"
t.set_grad_enabled(False)
net = utils.get_model("Baidicoot/Othello-GPT-Transformer-Lens", dev)

CENTRE = [27, 28, 35, 36]
PLAYABLE = [sq for sq in range(64) if sq not in CENTRE]

# %%
def unit(v):
    return v / v.norm(dim=0, keepdim=True)

probe = t.load("linear_probes/layer5_probe.pth", map_location=dev)["linear_probe"].squeeze()
mine_vs_theirs = unit(probe[..., 0] - probe[..., 2])          # d_model x 8 x 8

layer, neuron = 5, 4
w_out_L5N1393 = unit(net.W_out[layer, neuron, :].detach().clone())
writes_board = einops.einsum(w_out_L5N1393, mine_vs_theirs, "d, d r c -> r c")

# %%
# compare the same output vector with the unembedding of each of the 60 playable moves
W_U_normalized = net.W_U[:, 1:] / net.W_U[:, 1:].norm(dim=0, keepdim=True)   # column 0 is "pass"
cos_sim = w_out_L5N1393 @ W_U_normalized
board = t.zeros(64, device=dev)
board[PLAYABLE] = cos_sim
neel_utils.plot_board_values(board.view(8, 8), title=f"L{layer}N{neuron} output vs W_U directions")
