# cosaudit corpus, synthetic file: same shape as JasonGross/guarantees-based-mechanistic-interpretability/notebooks_jason/max_of_4.py at fb5b181d52930127b65a6b412e58263988731fc0 (licence MIT); new code, no text copied.
# %%
import numpy as np
import plotly.express as px

from gbmi.exp_max_of_n.train import load_trained

model = load_trained("max-of-4")
W_E, W_pos, W_U = model.W_E, model.W_pos, model.W_U
W_Q, W_K, W_V, W_O = model.W_Q[0, 0], model.W_K[0, 0], model.W_V[0, 0], model.W_O[0, 0]

# %% the circuits of the one head, as (query/key token, output token) matrices
EPq = W_E + W_pos[-1]
EPk = W_E + W_pos.mean(0)
Pk = W_pos - W_pos.mean(0)
EPU = EPq @ W_U
EVOU = EPk @ W_V @ W_O @ W_U
EVOU_rel = EVOU - EVOU.diag()[:, None]
PVOU = Pk @ W_V @ W_O @ W_U
EQKE = EPq @ W_Q @ W_K.T @ EPk.T
EQKP = EPq @ W_Q @ W_K.T @ Pk.T

ov_max = max(m.abs().max().item() for m in (EVOU, PVOU, EPU))
for mat, title in ((EPU, "EPU"), (EVOU, "EVOU"), (EVOU_rel, "EVOU - diag"), (PVOU, "PVOU"), (EQKE, "EQKE"), (EQKP, "EQKP")):
    px.imshow(mat.detach().numpy(), title=title, color_continuous_midpoint=0, zmin=-ov_max, zmax=ov_max).show()
