# Synthetic rewrite of the shape of Mamiglia/deep-dive-L1H5:cosine_attention_analysis.py at 6c45e47dbb0dc63b5a62ba7eb5bec3d152a6bdb8 (licence NOASSERTION); not the original text.
#%%
import numpy as np
import pandas as pd
import torch
import matplotlib.pyplot as plt
from transformer_lens import HookedTransformer
from src.ablation import get_vocab_attn1_input   # per-token residual at layer-1 attention input, layer-normed

dev = "cuda" if torch.cuda.is_available() else "cpu"
gpt = HookedTransformer.from_pretrained("gpt2-small", device=dev)
reps = get_vocab_attn1_input(gpt).to(dev)          # [vocab, d_model] hidden vectors, one per token
keep = pd.read_csv("out/token_frequencies.csv").id[:4096]

q_w = gpt.blocks[1].attn.W_Q[5]
k_w = gpt.blocks[1].attn.W_K[5]

#%%
X = reps[keep].clone()
scores = (X @ (q_w @ k_w.T) @ X.T).log_softmax(-1).cpu()
scores = scores - scores.diagonal()

X = torch.nn.functional.normalize(X)
cos_sim = (X @ X.T).cpu()
cos_sim.fill_diagonal_(1)

edges = torch.linspace(cos_sim.min(), 1, 40)
centres, means = [], []
for lo in edges:
    sel = (cos_sim >= lo) & (cos_sim <= lo + 0.03)
    if sel.any():
        centres.append(float(lo)); means.append(float(scores[sel].mean()))
plt.plot(centres, means)
plt.xlabel("Cosine Similarity"); plt.ylabel("attention log-prob vs self")
plt.title("Head L1H5: attention against representation cosine")
