# cosaudit corpus, synthetic file: same shape as neelnanda-io/Copy-Suppression-Exploration/ioi_emergent_pos_embed.py at 63e06169bc45e5cc3a906eda95c6e563dbbae8bc (licence MIT); new code, no text copied.
# %%
import torch
from transformer_lens import HookedTransformer
import plotly.express as px

torch.set_grad_enabled(False)
gpt = HookedTransformer.from_pretrained("gpt2-small")

# %% name-mover query/key geometry on a handful of IOI prompts
texts = [
    "After Anna and Tom left the party, Tom handed a gift to",
    "After Tom and Anna left the party, Tom handed a gift to",
    "After Anna and Tom left the party, Anna handed a gift to",
    "After Tom and Anna left the party, Anna handed a gift to",
]
toks = gpt.to_tokens(texts)
_, store = gpt.run_with_cache(toks)
k_first = store["key", 9][:, 2, 9] - store["key", 9][:, 0, 9]
k_second = store["key", 9][:, 4, 9] - store["key", 9][:, 0, 9]
q_end = store["query", 9][:, -1, 9]
k_gap = k_second - k_first
print((k_gap * q_end).sum(-1) / (k_gap.norm(dim=-1) * q_end.norm(dim=-1)))

# %% two neurons of layer 3: how aligned are their input and output weights?
n1, n2 = 563, 2610
w_in_a, w_in_b = gpt.W_in[3, :, n1], gpt.W_in[3, :, n2]
w_out_a, w_out_b = gpt.W_out[3, n1], gpt.W_out[3, n2]
print(w_in_a @ w_in_b / (w_in_a.norm() * w_in_b.norm()))
print(w_out_a @ w_out_b / (w_out_a.norm() * w_out_b.norm()))

# %% direct logit attribution of every component to one answer token
big = HookedTransformer.from_pretrained("gpt2-medium")
_, store_m = big.run_with_cache("I went to the market to buy bread, milk and")
answer_col = big.W_U[:, big.to_single_token(" eggs")]
parts, names = store_m.get_full_resid_decomposition(expand_neurons=False, apply_ln=True, pos_slice=-1, return_labels=True)
egg_attr = parts @ answer_col
px.line(y=egg_attr.squeeze().cpu(), x=names, title="Per-component logit contribution to ' eggs'").show()
