# Synthetic rewrite of the shape of callummcdougall/arena-v1-ldn-streamlit-new:ch6/pages/1_📝_W5D5_-_Interpretability_on_an_algorithmic_model.py at 1d4e1a8c28cc177975cc3fa027cd5d1a74d81128 (licence NOASSERTION); not the original text.
import streamlit as st


def section_direction():
    st.markdown(r"""
### Which way does "unbalanced" point?

The classifier ends with a two-output linear map `model.decoder`. Take the difference of its two
weight rows: that single vector is the residual direction whose dot product raises the
"unbalanced" logit relative to the "balanced" one. Then push it back through the final layer norm
with your linear fit to get `pre_final_ln_dir`.
""")


def section_tally():
    st.markdown(r"""
### Is head 0.0 counting brackets?

If the head tallies, the vectors it writes for an opening and a closing bracket should have
similar size and point opposite ways.

Steps:

* Write `ov_of_embedding(model, vec)` returning head 0.0's OV output for one embedded token.
* Fit the layer-norm map, embed `(` and `)`, and pass both through `ov_of_embedding`.
    * Compare the two OV outputs: their norms, and their angle (for the angle, `torch.cosine_similarity` will do).

```python
def ov_of_embedding(model, vec):
    ...
```

Expect a cosine near -1 even if the norms differ somewhat; that says both counts live on one
line of the residual stream.
""")


for part in (section_direction, section_tally):
    part()
