# %% [markdown]
# # Label geometry
# The classifier weights of "cat" and "lynx" have cosine 0.9, which shows that the model confuses them.  # expect: COS201
# We hypothesise that tokens with aligned unembeddings are likely to be predicted together.  # expect: COS201

# %%
import torch

probs = torch.softmax(logits, dim=-1)
# the cosine of unembeddings is just a comment here, not a claim made to readers
