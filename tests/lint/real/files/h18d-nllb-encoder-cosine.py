# Synthetic rewrite of the shape of kylemath/InterpretCognates:backend/app/modeling.py at dceec0149e998141f8371946fc2bbc900e450945 (licence NOASSERTION); not the original text.
import numpy as np
import torch
from transformers import AutoModelForSeq2SeqLM, AutoTokenizer

CHECKPOINT = "facebook/nllb-200-distilled-600M"
tok = AutoTokenizer.from_pretrained(CHECKPOINT)
mt = AutoModelForSeq2SeqLM.from_pretrained(CHECKPOINT).eval()


def mean_pool(states, mask):
    m = mask.unsqueeze(-1)
    return (states * m).sum(1) / m.sum(1).clamp(min=1)


def concept_vector(word, lang, frame="We found a {w} by the road."):
    """Encoder state of one word placed in a carrier sentence (mean of its sub-tokens)."""
    tok.src_lang = lang
    batch = tok(frame.format(w=word), return_tensors="pt")
    with torch.no_grad():
        enc = mt.model.encoder(**batch, return_dict=True)
    return mean_pool(enc.last_hidden_state, batch["attention_mask"])[0].numpy()


def similarity_grid(vectors):
    arr = np.asarray(vectors, dtype=np.float64)
    normalized = arr / np.clip(np.linalg.norm(arr, axis=1, keepdims=True), 1e-8, None)
    return np.clip(normalized @ normalized.T, -1.0, 1.0).tolist()


def word_alignment(src, src_lang, tgt, tgt_lang):
    def states(text, lang):
        tok.src_lang = lang
        b = tok(text, return_tensors="pt")
        with torch.no_grad():
            h = mt.model.encoder(**b, return_dict=True).last_hidden_state[0]
        return h / h.norm(dim=-1, keepdim=True).clamp(min=1e-8)
    return (states(tgt, tgt_lang) @ states(src, src_lang).T).tolist()


vecs = [concept_vector("water", l) for l in ["eng_Latn", "fra_Latn", "deu_Latn"]]
print(similarity_grid(vecs))
