# Synthetic rewrite of the shape of curt-tigges/eliciting-latent-sentiment:compare_lines.py at f18438934acbc0eb6b580a93849a4079395e1190 (licence MIT); not the original text.
# %%
import numpy as np
import plotly.express as px
from utils.store import load_array

# %% sentiment axes found by 2-means clustering of word vectors taken three ways;
# each saved axis is the difference between the positive and negative cluster centres
MODEL = "gpt2-small"
variants = {
    "token_embedding": "km_line_embed_only",
    "embedding_plus_mlp0": "km_line_embed_and_mlp0",
    "unembedding_columns": "km_line_unembed_transpose",
}
axes = np.stack([load_array(name, MODEL) for name in variants.values()])

# %%
px.histogram(axes[1], title="entries of the mlp0 sentiment axis")

# %% how much do the three axes agree?
unit_axes = axes / np.linalg.norm(axes, axis=1, keepdims=True)
agreement = unit_axes @ unit_axes.T
px.imshow(
    agreement,
    x=list(variants),
    y=list(variants),
    title="cosine between clustering axes",
)

# %% chance level for random directions in d_model = 768
print(1 / np.sqrt(768))
print(agreement)
