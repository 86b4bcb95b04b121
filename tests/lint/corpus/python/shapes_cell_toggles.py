# expect: COS301
# %% [markdown]
# A script in cells (VS Code's `# %%`), run a cell at a time: each section sits under a flag set to
# False at the top of the cell (`eval_bias = False` / `if eval_bias:`), which its author turns on by
# hand. The sections are code the author runs, so a cosine lens inside one is reported (a module
# without cells that switches a branch off for good is still read as never running it).
#
# Shapes seen in public steering-vector analysis scripts of 2025; written for cosaudit's tests.

# %% imports
import torch
from transformer_lens import HookedTransformer

model = HookedTransformer.from_pretrained("gemma-2b-it")
W_U = model.W_U.float().clone()
W_U /= W_U.norm(dim=0, keepdim=True)

# %% evaluating a trained bias
eval_bias = False
if eval_bias:
    bias_vec = torch.load("bias.pt")
    scores = bias_vec @ W_U  # expect: COS120
    print(scores.topk(20))

# %% the logit lens, by the raw head
show_logits = False
if show_logits:
    resid = torch.load("resid.pt")
    logits = resid @ model.W_U
    print(logits.topk(20))
