"""A RoPE model's tied token table (Gemma, named with its Hub organisation): no learned positions, so
translating the token rows changes the inputs and is no symmetry of the model; its input-embedding
cosines stay quiet.

Shapes seen in public teaching notebooks; written for cosaudit's tests.
"""
import torch.nn.functional as F
from transformers import AutoModelForCausalLM

gemma = AutoModelForCausalLM.from_pretrained("google/gemma-2b")
rows = gemma.get_input_embeddings().weight
print(F.cosine_similarity(rows[100], rows[200], dim=0))
