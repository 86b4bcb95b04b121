# expect: COS301
"""Written for cosaudit's tests: ESM-1b, a masked protein LM whose MLM head is tied to the token rows
beside learned absolute positions (a checkpoint given by a variable)."""
import torch.nn.functional as F
from transformers import AutoModelForMaskedLM

name = "facebook/esm1b_t33_650M_UR50S"
esm1b = AutoModelForMaskedLM.from_pretrained(name)
table = esm1b.esm.embeddings.word_embeddings.weight
print(F.cosine_similarity(table[5], table[6], dim=0))  # expect: COS150
