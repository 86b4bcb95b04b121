"""Written for cosaudit's tests: protein masked LMs. ESM-2 ties its MLM head to rotary token rows
(no learned positions: the equivalent model unties the head), so its token table is no head beside
learned positions; ESM-1b adds learned positions and is."""
import torch
import torch.nn.functional as F
from transformers import AutoModelForMaskedLM

ESM2 = "facebook/esm2_t33_650M_UR50D"
esm2 = AutoModelForMaskedLM.from_pretrained(ESM2)


@torch.no_grad()
def nearest_residues(direction, top_k=5):
    """Project a direction onto the model's (tied) input/output embedding matrix by cosine similarity."""
    table = esm2.esm.embeddings.word_embeddings.weight
    cos = F.cosine_similarity(table, direction.unsqueeze(0), dim=-1)
    return cos.topk(top_k)
