# Synthetic rewrite of the shape of TomFrederik/interpreting-grokking:dot_between_embeddings.py at 7b14bf5ba687db1d6045c18d97ea60d3f9175496 (licence NOASSERTION); not the original text.
import os

import einops
import matplotlib.pyplot as plt
import numpy as np
import torch

from model import ModularTransformer
from utils import find_checkpoints

RUN = "one-layer-relu"
ckpt_paths = find_checkpoints(RUN, every=10)
out_dir = os.path.join(RUN, "token_alignment")
os.makedirs(out_dir, exist_ok=True)
dev = "cuda" if torch.cuda.is_available() else "cpu"

for step, ckpt in enumerate(ckpt_paths[-1:]):
    net = ModularTransformer.load_from_checkpoint(ckpt).to(dev)

    # input token table (the output layer is a separate, untied Linear)
    tok_table = net.token_embed.weight
    eq_vec = tok_table[-1]  # the '=' token sits last in the vocabulary

    cos_to_eq = (eq_vec[None] * tok_table).sum(dim=1) / torch.norm(eq_vec) / torch.norm(tok_table, dim=1)

    per_head = einops.rearrange(tok_table, "v (h d) -> v h d", h=4)
    eq_per_head = einops.rearrange(eq_vec, "(h d) -> h d", h=4)
    head_dots = (per_head * eq_per_head[None]).sum(-1)

    fig, axs = plt.subplots(4, 1, sharex=True, sharey=True)
    for h in range(4):
        axs[h].plot(np.arange(tok_table.shape[0]), head_dots[:, h].detach().cpu().numpy())
    axs[0].set_title("alignment of each token with '=' per head chunk")
    fig.savefig(os.path.join(out_dir, f"step_{step}.png"))
    plt.close(fig)
