# cosaudit corpus, synthetic file: same shape as jamesms36/mech_interp/othellogpt_paper_replication/main.py at 515147a13b5b908b145c6eac842f5ddc218a8493 (licence NOASSERTION); new code, no text copied.
# %%
import einops
import plotly.express as px
import torch as t

# probe: [modes, d_model, rows, cols, options]
blank_probe = linear_probe[..., 0] - (linear_probe[..., 1] + linear_probe[..., 2]) / 2
my_probe = linear_probe[..., 1] - linear_probe[..., 2]

# %% cosine similarity between the "mine vs theirs" probe directions of every pair of cells
flat = einops.rearrange(my_probe[0], "d_model rows cols -> (rows cols) d_model")
flat = flat / flat.norm(dim=-1, keepdim=True)
px.imshow((flat @ flat.T).cpu(), title="Cosine Sim of B-W Linear Probe Directions by Cell")


# %%
def neuron_output_weights(model, layer, neuron, normalize=True):
    W = model.W_out[layer, neuron].detach().clone()
    if normalize:
        W /= W.norm()
    return W


w_out = neuron_output_weights(model, 5, 1393)
blank_dir = blank_probe[0, :, 3, 2] / blank_probe[0, :, 3, 2].norm()
print("output weights vs blank direction:", (w_out @ blank_dir).item())
