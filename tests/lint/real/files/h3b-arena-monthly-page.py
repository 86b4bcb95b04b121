# cosaudit corpus, synthetic file: same shape as callummcdougall/ARENA_2.0/chapter1_transformers/instructions/pages/09_Monthly_Algorithmic_Problems.py at e805ad8772b81fa44252ab3b7590ac614aa29376 (licence NOASSERTION); new code, no text copied.
import streamlit as st
import torch as t
from transformer_lens import HookedTransformer, HookedTransformerConfig


def section_sorted_list():
    st.markdown(
r"""
# Sorted list: setup

```python
cfg = HookedTransformerConfig(d_vocab=55, d_model=96, n_ctx=22, n_layers=1, n_heads=2, d_head=48,
                              normalization_type=None, attn_only=True)
model = HookedTransformer(cfg)
state_dict = t.load(sorted_list_path)
state_dict = model.center_writing_weights(state_dict)
state_dict = model.center_unembed(state_dict)
model.load_state_dict(state_dict, strict=False)
```

The rest of this section studies the OV circuit of the two heads.
""")


def section_cumsum():
    st.markdown(
r"""
# Cumulative sum: how the model works

```python
from monthly_algorithmic_problems.cumsum.model import create_model

model = create_model(max_value=5, seq_len=20, seed=42, d_model=24, d_head=12, n_layers=1, n_heads=1, d_mlp=8)
model.load_state_dict(t.load(cumsum_path))
```

The single head attends uniformly to earlier tokens and writes the running total along one direction $u$.
If the MLP turns $u$ into a sign, the unembedding columns for the classes should line up with it. They do:
the column for "positive" is almost parallel to $u$, the column for "negative" almost anti-parallel, and, as one
would expect, the two columns themselves are strongly negatively aligned.

```python
pos_u = t.cosine_similarity(U, model.W_U[:, 2], dim=-1)
neg_u = t.cosine_similarity(U, model.W_U[:, 0], dim=-1)
pos_vs_neg = t.cosine_similarity(model.W_U[:, 0], model.W_U[:, 2], dim=-1)
print(f"cos(pos column, u) = {pos_u:+.3f}")
print(f"cos(neg column, u) = {neg_u:+.3f}")
print(f"cos(pos column, neg column) = {pos_vs_neg:+.3f}")
```

Both of them are also slightly negative against the "zero" column, which fits: either sign is evidence against zero.

```python
print(t.cosine_similarity(model.W_U[:, 2], model.W_U[:, 1], dim=-1))
print(t.cosine_similarity(model.W_U[:, 0], model.W_U[:, 1], dim=-1))
```
""")


if __name__ == "__main__":
    section_sorted_list()
    section_cumsum()
