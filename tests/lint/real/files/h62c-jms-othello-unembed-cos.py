# Synthetic rewrite of the shape of jamesms36/mech_interp:othellogpt_paper_replication/main.py at 515147a13b5b908b145c6eac842f5ddc218a8493 (licence NOASSERTION); not the original text.
# %%
import torch as t
import torch.nn.functional as F

SKIP_CENTRE = [27, 28, 35, 36]
playable = [sq for sq in range(64) if sq not in SKIP_CENTRE]


def neuron_out_vector(model, layer, idx, unit=False):
    vec = model.W_out[layer, idx, :].detach()
    return vec / vec.norm() if unit else vec


def square_to_token(label: str) -> int:
    row = "ABCDEFGH".index(label[0])
    col = int(label[1])
    square = row * 8 + col
    return playable.index(square) + 1  # token 0 is the pass token


# %% which squares does a strong neuron write to?
lyr = 4
chosen = [1393, 512, 77]
# columns of the unembedding, each scaled to unit length; drop the pass column
unit_unembed = model.W_U / model.W_U.norm(dim=0, keepdim=True)
unit_unembed = unit_unembed[:, 1:]
boards = []
for n in chosen:
    direction = neuron_out_vector(model, lyr, n, unit=True)
    grid = t.zeros(8, 8)
    grid.flatten()[playable] = (direction @ unit_unembed).cpu()
    boards.append(grid)
show_boards(t.stack(boards), title="cosine between neuron output and each square's unembedding")

# %% are neighbouring moves written by similar unembedding vectors?
col_c0 = model.W_U[:, square_to_token("C0")].detach()
col_d1 = model.W_U[:, square_to_token("D1")].detach()
pair_cos = F.cosine_similarity(col_c0, col_d1, dim=0)
print("unembed cos C0 vs D1:", pair_cos.item())

# %% share of a neuron's output that lies inside the unembedding span
basis, sing, _ = t.svd(model.W_U[:, 1:])
w = neuron_out_vector(model, 5, 1393, unit=True)
print("variance in W_U span:", (w @ basis).norm().item() ** 2)
