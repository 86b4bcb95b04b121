# Synthetic rewrite of the shape of kyle-pena-nlp/token-input-embedding-gradients:bert_util.py at 20cb946cbee4e01e533077a1d7407ddadb5eb23d (licence NOASSERTION); not the original text.
"""Map optimised input-embedding vectors of ModernBERT back to the nearest vocabulary entries."""
import numpy as np
import sklearn.preprocessing
import torch
from transformers import AutoModelForMaskedLM, AutoTokenizer

CHECKPOINT = "answerdotai/ModernBERT-large"  # rotary positions, no learned absolute position table
tok = AutoTokenizer.from_pretrained(CHECKPOINT)
mlm = AutoModelForMaskedLM.from_pretrained(CHECKPOINT)
table = mlm.get_input_embeddings().weight.detach().numpy()
unit_table = sklearn.preprocessing.normalize(table, axis=1, norm="l2")


def closest_tokens_for(step_vectors, row):
    """Cosine of each edited position against every input-embedding row."""
    q = sklearn.preprocessing.normalize(step_vectors[row], axis=1)
    cos = np.einsum("vd,nd->nv", unit_table, q)
    return cos.argmax(-1)


def decode_embeddings(batch_embeds):
    lengths = np.linalg.norm(batch_embeds, axis=2, keepdims=True)
    unit = batch_embeds / np.maximum(lengths, 1e-15)
    sims = np.einsum("bnd,vd->bnv", unit, unit_table)
    ids = sims.argmax(axis=2)
    return ids, [tok.convert_ids_to_tokens(r) for r in ids]


def mask_distribution(batch_inputs, embeds, mask_pos):
    out = mlm(**batch_inputs, inputs_embeds=torch.as_tensor(embeds))
    probs = out.logits.softmax(dim=-1)
    return probs[torch.arange(len(probs)), mask_pos].detach().numpy()
