# expect: COS301
"""Heads reached through `getattr` (also over a tuple of candidate names), a head returned in a
tuple and unpacked under a telling name, and code shown on a page (`st.markdown` with a python
fence). Beside each, the look-alike that stays quiet: `getattr` of the input embedding, an
unpacked input embedding, a fenced logit lens, a cosine with the mean final hidden state.

Shapes seen in public analysis scripts and course pages; written for cosaudit's tests.
"""
import streamlit as st
import torch
import torch.nn.functional as F


def head_rows(model):
    for owner, name in (("lm_head", "weight"), ("embed_out", "weight")):
        if hasattr(model, owner):
            return getattr(getattr(model, owner), name).detach().float()
    return None


rows = F.normalize(head_rows(model), dim=-1)
print(rows[:100] @ rows[:100].T)  # expect: COS101

head = getattr(model, "lm_head").weight
print(F.cosine_similarity(head[5], head[6], dim=0))  # expect: COS101
inputs = getattr(model, "embed_tokens").weight
print(F.cosine_similarity(inputs[5], inputs[6], dim=0))

# nn.Module's own look-ups by dotted name: the head module, the head's weight, an input table
head = model.get_submodule("lm_head").weight
print(F.cosine_similarity(head[5], head[6], dim=0))  # expect: COS101
fc_rows = net.get_parameter("fc.weight")
print(F.cosine_similarity(fc_rows[1], fc_rows[2], dim=0))  # expect: COS101
inputs = model.get_submodule("model.embed_tokens").weight
print(F.cosine_similarity(inputs[5], inputs[6], dim=0))

emb, unemb, *_ = model.paper_weights()
print(F.cosine_similarity(unemb[3], unemb[4], dim=-1))  # expect: COS101
print(F.cosine_similarity(emb[3], emb[4], dim=-1))

st.markdown(  # expect: COS101
    r"""
The two label columns point in opposite directions:

```python
print(torch.cosine_similarity(model.W_U[:, 0], model.W_U[:, 2], dim=-1))
```
"""
)
st.markdown(
    r"""
The logit lens reads the residual stream through the unembedding:

```python
logits = resid @ model.W_U
```
"""
)


def hidden_alignment(model, hidden):
    """the norm of the mean output embedding and its cosine with the mean final hidden state"""
    mean_out = model.lm_head.weight.mean(dim=0)
    return mean_out.norm(), F.cosine_similarity(mean_out, hidden.mean(dim=0), dim=0)


def readouts(model, state):
    table = model.unembed.weight.detach()
    by_cos = F.normalize(state, dim=1) @ F.normalize(table, dim=1).T  # expect: COS120
    inputs = model.embed.weight.detach()
    by_input_cos = F.normalize(state, dim=1) @ F.normalize(inputs, dim=1).T
    return by_cos.argmax(1), by_input_cos.argmax(1)


class Analyzer:
    def __init__(self, model):
        self.unembedding_matrix = model.unembedding_matrix
        self.input_embeddings = model.input_embeddings

    def nearest_labels(self, i):
        unit = F.normalize(self.unembedding_matrix, dim=-1)
        return (unit @ unit[i]).topk(10)  # expect: COS101, COS103

    def nearest_inputs(self, i):
        unit = F.normalize(self.input_embeddings, dim=-1)
        return (unit @ unit[i]).topk(10)


def nc2_classifier(W):
    gram = W @ W.T  # expect: COS102
    return gram / gram.norm()


def nc2_means(mu):
    gram = mu @ mu.T
    return gram / gram.norm()
