# cosaudit corpus, synthetic file: same shape as tdooms/bilinear-interp/_old/circuits/attention.py at f34176c32659667ed56105c87210d5797d81adcb (licence NOASSERTION); new code, no text copied.
# %%
import pandas as pd
import plotly.express as px
import torch
from scipy.cluster.hierarchy import linkage, to_tree

from language.transformer import Transformer

torch.set_grad_enabled(False)
model = Transformer.from_pretrained("stories-1l-256")
vocab = model.vocab

# %% hierarchy of the noun tokens, straight from their unembedding rows
kinds = pd.read_csv("data/token_kinds.csv")["kind"]
idx = torch.tensor(kinds[kinds == "noun"].index.tolist())
links = linkage(model.w_u[idx], method="ward")

root, nodes = to_tree(links, rd=True)
parent = [None] * (2 * len(idx) - 1)
for n in nodes:
    for child in (n.left, n.right):
        if child is not None:
            parent[child.id] = n.id
labels = [vocab.inv[int(i)] for i in idx] + list(range(len(idx), 2 * len(idx) - 1))
px.sunburst(names=labels, parents=parent, height=800).show()
