# cosaudit corpus, synthetic file: same shape as stealthcompanyuk/othello-gpt/src/othello_gpt/model/neurons.py at d72b8b93227bf1d03a3a89c163d6d37b3718bba3 (licence NOASSERTION); new code, no text copied.
# %%
import einops
import numpy as np
import torch as t
from scipy.stats import kurtosis
from transformer_lens import HookedTransformer, HookedTransformerConfig

from othello6.convert import nanogpt_state_to_tl
from othello6.vis import plot_boards

SIDE = 6
squares = [i for i in range(SIDE * SIDE) if i not in (14, 15, 20, 21)]
probe = t.load("probes/board_probe.pt")  # (d_model, squares, 3)

cfg = HookedTransformerConfig(n_layers=2, d_model=128, n_ctx=31, d_head=64, n_heads=2,
                              d_vocab=33, act_fn="gelu", normalization_type="LN")
model = HookedTransformer(cfg)
model.load_and_process_state_dict(nanogpt_state_to_tl(t.load("ckpt/othello6.pt"), cfg))

# %%
n_neurons = 512
out_dirs = model.W_out[:, :n_neurons]
out_dirs = out_dirs / out_dirs.norm(dim=-1, keepdim=True)
in_dirs = model.W_in[:, :, :n_neurons].transpose(1, 2)
in_dirs = in_dirs / in_dirs.norm(dim=-1, keepdim=True)
unembed = model.W_U[:, 1:].clone()
unembed = unembed / unembed.norm(dim=0, keepdim=True)

# %% each neuron's output direction against every (unit) move unembedding, drawn as a board
boards = t.zeros(2, n_neurons, SIDE * SIDE)
boards[..., squares] = einops.einsum(
    out_dirs, unembed,
    "layer neuron d, d move -> layer neuron move",
)
boards = boards.flatten(0, 1).reshape(-1, SIDE, SIDE).detach()
peaky = np.argsort(-kurtosis(boards.numpy().reshape(len(boards), -1), axis=1))[:40]
plot_boards(boards[peaky], title="neuron output . unembedding (cosine)")

# %% same with the input weights
boards_in = t.zeros(2, n_neurons, SIDE * SIDE)
boards_in[..., squares] = einops.einsum(in_dirs, unembed, "layer neuron d, d move -> layer neuron move")
