"""Word similarity from the input embedding module of a model with rotary positions (no position
table to absorb a translation), called on a word's token ids: the input side only, quiet.

Written for cosaudit's tests.
"""
import torch
import torch.nn.functional as F
from transformers import AutoModelForCausalLM, AutoTokenizer

tok = AutoTokenizer.from_pretrained("meta-llama/Llama-3.2-1B")
lm = AutoModelForCausalLM.from_pretrained("meta-llama/Llama-3.2-1B")
table = lm.get_input_embeddings()
a = table(torch.tensor(tok.encode(" king"))).mean(0)
b = table(torch.tensor(tok.encode(" queen"))).mean(0)
sim = F.cosine_similarity(a, b, dim=0)
