# expect: COS301
"""Written for cosaudit's tests: in a file about ESM-2, prose about its head by the head's own names
is still a claim; only prose about the embedding table follows the code's reading."""
import torch.nn.functional as F
from transformers import AutoModelForMaskedLM

esm2 = AutoModelForMaskedLM.from_pretrained("facebook/esm2_t6_8M_UR50D")


def note():
    """Residues whose lm_head rows have a high cosine similarity are predicted in the same contexts."""  # expect: COS201
    return None


head = esm2.lm_head.decoder.weight
print(F.cosine_similarity(head[5], head[6], dim=0))  # expect: COS101
