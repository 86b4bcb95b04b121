# cosaudit corpus, synthetic file: same shape as neelnanda-io/An-Neuron/scratch.py at 19283644e22fd2475c7fada90a822e6463917741 (licence NOASSERTION); new code, no text copied.
# %%
import torch
import plotly.express as px
from transformer_lens import HookedTransformer

torch.set_grad_enabled(False)
model = HookedTransformer.from_pretrained("gpt2-large")
A = model.to_single_token(" a")
AN = model.to_single_token(" an")
LAYER, NEURON = 31, 892

# %% how much does the neuron push ' an' over ' a'?
an_minus_a = model.W_U[:, AN] - model.W_U[:, A]
_, cache = model.run_with_cache("I climbed the tree and picked an")
parts, names = cache.get_full_resid_decomposition(expand_neurons=False, apply_ln=True, pos_slice=-1, return_labels=True)
px.line(y=(parts @ an_minus_a).squeeze().cpu(), x=names, title="an-vs-a logit difference by component").show()

# %% geometry of the neuron against the two unembeddings
stack = torch.stack([
    model.blocks[LAYER].mlp.W_out[NEURON],
    model.blocks[LAYER].mlp.W_in[:, NEURON],
    model.W_U[:, A],
    model.W_U[:, AN],
    an_minus_a,
])
unit = stack / stack.norm(dim=-1, keepdim=True)
tags = ["w_out", "w_in", "U[a]", "U[an]", "U[an]-U[a]"]
px.imshow((unit @ unit.T).cpu(), x=tags, y=tags, title="Cosine similarity between the neuron and unembedding vectors").show()

# %% which other neurons write along the an-minus-a direction?
diff_unit = an_minus_a / an_minus_a.norm()
out_unit = model.W_out / model.W_out.norm(dim=-1, keepdim=True)
cos_per_neuron = out_unit @ diff_unit
top = cos_per_neuron.flatten().topk(20)
print([(int(i) // model.cfg.d_mlp, int(i) % model.cfg.d_mlp, float(v)) for v, i in zip(top.values, top.indices)])
