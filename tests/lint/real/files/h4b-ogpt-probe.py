# cosaudit corpus, synthetic file: same shape as alfredclwong/othello-gpt/src/othello_gpt/research/probe.py at 3783ba55cd013f35c9ee038585f13b690c93de05 (licence NOASSERTION); new code, no text copied.
# %%
import plotly.graph_objects as go
import torch as t
from othello_gpt.util import load_model, load_probes, get_all_squares

device = "cuda" if t.cuda.is_available() else "cpu"
model = load_model(device, "awonga/othello-gpt-600k")
size = 6
squares = list(range(size * size))

# the unembedding columns are loaded as one more "probe" basis, under the key "u"
probes = load_probes("data/probes", device, w_u=model.W_U.detach(), w_e=model.W_E.T.detach())


# %%
def colinearity(bases):
    unit = bases / bases.norm(dim=0, keepdim=True)
    return unit.T @ unit


keys = ["tm", "ee", "le", "c", "u", "b"]
stacked = t.cat([probes[k][..., 4] for k in keys], dim=-1)
labels = [f"{k}_{s}" for k in keys for s in squares]
fig = go.Figure(go.Heatmap(z=colinearity(stacked).cpu().numpy(), x=labels, y=labels,
                           zmin=-1, zmax=1, colorscale="Viridis"))
fig.update_layout(title="pairwise colinearity of probe and unembedding directions")
fig.show()
