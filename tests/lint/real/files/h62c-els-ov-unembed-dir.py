# Synthetic rewrite of the shape of curt-tigges/eliciting-latent-sentiment:ov_unembed.py at 037cbc9c18867e03da14ceace612ab7e0f9449f7 (licence MIT); not the original text.
# %%
import torch
import torch.nn.functional as F
from transformer_lens import HookedTransformer
from utils.prompts import neg_adj
from utils.store import save_array

torch.set_grad_enabled(False)
lm = HookedTransformer.from_pretrained(
    "gpt2-small",
    center_unembed=True,
    center_writing_weights=True,
    fold_ln=True,
    device="cpu",
)
lm.name = "gpt2-small"

# %% one head's OV circuit composed with the unembedding: d_model x d_vocab
LAYER, HEAD = 10, 4
ov_to_vocab = lm.W_V[LAYER, HEAD] @ lm.W_O[LAYER, HEAD] @ lm.W_U

# %% pick the columns of the negative adjectives
neg_ids = lm.to_tokens(neg_adj, prepend_bos=False).squeeze(1)
selector = F.one_hot(neg_ids, num_classes=lm.cfg.d_vocab).float()
per_word_dirs = selector @ ov_to_vocab.T  # one d_model vector per adjective

# %% average them into a single residual direction and store it
avg_dir = per_word_dirs.mean(dim=0)
save_array(avg_dir.numpy(), f"mean_ov_direction_{LAYER}_{HEAD}", lm)
