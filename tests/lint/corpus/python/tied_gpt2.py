# expect: COS301
"""Which next tokens does GPT-2 predict alike? (tied input/output embeddings)"""
import torch.nn.functional as F
from transformers import AutoModelForCausalLM

model = AutoModelForCausalLM.from_pretrained("gpt2")
E = model.transformer.wte.weight
# the output layer of GPT-2 is the input embedding: compare two of its token rows
sim = F.cosine_similarity(E[dog_id], E[cat_id], dim=0)  # expect: COS150
pos = model.transformer.wpe.weight
pos_sim = F.cosine_similarity(pos[0], pos[1], dim=0)
