# cosaudit corpus, synthetic file: same shape as neelnanda-io/Headline-Neuron/scratch.py at 1c67bc0c8175ddb329517ae883ab41901c38dfe5 (licence MIT); new code, no text copied.
# %%
import torch
import plotly.express as px
from transformer_lens import HookedTransformer

torch.set_grad_enabled(False)
model = HookedTransformer.from_pretrained("gelu-1l")
NEURON = 1234
w_out = model.W_out[0, NEURON]
w_in = model.W_in[0, :, NEURON]

strs = model.to_str_tokens(torch.arange(model.cfg.d_vocab))
is_word = torch.tensor([s.strip().isalpha() for s in strs])
has_space = torch.tensor([s.startswith(" ") for s in strs])
is_cap = torch.tensor([s.strip()[:1].isupper() for s in strs])

# %% category means of the input embeddings through the first-layer circuits
emb = model.W_E / model.W_E.std(dim=-1, keepdim=True)
groups = torch.stack([emb[is_word & has_space].mean(0), emb[is_word & ~has_space].mean(0), emb[is_cap].mean(0), emb[~is_cap].mean(0)])
groups = groups - emb.mean(0)
labels = ["space", "no_space", "capital", "lower"]
px.line(y=(groups @ w_in).cpu(), x=labels, title="Direct input to neuron").show()

# %% category means of the unembedding, centred over the vocabulary, read by the neuron
U = model.W_U.T
cat_means = torch.stack([U[is_word & has_space].mean(0), U[is_word & ~has_space].mean(0), U[is_cap].mean(0), U[~is_cap].mean(0)])
cat_means = cat_means - U.mean(0)
px.line(y=(cat_means @ w_out).cpu(), x=labels, title="Neuron's direct effect on each category").show()
px.histogram(x=(w_out @ model.W_U).cpu(), title="Neuron's direct logit effect over the vocabulary").show()
