"""Correlations of label-row similarities. Against human ratings or measured behaviour, the
similarity is read as behaviour (COS104, or a centred cosine at warning level); against other
similarities (two checkpoints' cosines, stacked or side by side) there is no behaviour in it, and
only the similarities themselves are reported. The rows are centred over the labels here, so the
translation of the head is gone; a rescaling of the hidden space is not.

Shapes seen in public base-versus-instruct comparisons; written for cosaudit's tests.
"""
import numpy as np
import torch
import torch.nn.functional as F
from scipy.stats import pearsonr, spearmanr
from transformers import AutoModelForCausalLM

base = AutoModelForCausalLM.from_pretrained("org/base").lm_head.weight
chat = AutoModelForCausalLM.from_pretrained("org/chat").lm_head.weight
base_c = base - base.mean(dim=0, keepdim=True)
chat_c = chat - chat.mean(dim=0, keepdim=True)
cos_base = F.cosine_similarity(base_c[7:8], base_c[100:200], dim=1)  # expect: COS110
cos_chat = F.cosine_similarity(chat_c[7:8], chat_c[100:200], dim=1)  # expect: COS110
agreement = np.corrcoef(torch.stack([cos_base, cos_chat]).detach().numpy())[0, 1]
same_order = spearmanr(cos_chat, cos_chat.flip(0))
ratings = np.loadtxt("human_ratings.txt")
r, _ = pearsonr(cos_base.detach().numpy(), ratings)
print(agreement, same_order, r)
