"""Token-embedding geometry of a tied model with rotary positions (no position table to absorb a
translation), read as the input side only: quiet.

Written for cosaudit's tests.
"""
import torch.nn.functional as F
from transformers import AutoModelForCausalLM

lm = AutoModelForCausalLM.from_pretrained("meta-llama/Llama-3.2-1B")
T = lm.model.embed_tokens.weight
pair = F.cosine_similarity(T[5], T[6], dim=0)
