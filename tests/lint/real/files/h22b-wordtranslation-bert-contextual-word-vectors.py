# Synthetic rewrite of the shape of serban-hartular/WordTranslation:bert_embeddings.py at e411f695c67bbfd386f57bcae2287bae694ae50e (licence NOASSERTION); not the original text.
"""Per-word vectors from BERT for a word-alignment experiment (vectors are compared elsewhere)."""
import numpy as np
import torch
from sklearn.metrics.pairwise import cosine_similarity  # used by the callers' comparison step
from transformers import BertModel, BertTokenizer


def encode_words(text, model: BertModel, tok: BertTokenizer):
    """Return [(word, vector)] with WordPiece pieces glued back into whole words."""
    pre_split = isinstance(text, list)
    pieces = text if pre_split else tok.tokenize(text)
    batch = tok.batch_encode_plus([text], padding=True, truncation=True, return_tensors="pt",
                                  add_special_tokens=True, is_split_into_words=pre_split)
    with torch.no_grad():
        out = model(batch["input_ids"], attention_mask=batch["attention_mask"])
        word_embeddings = out.last_hidden_state   # contextual states, one per position
    words = []
    for piece, vec in zip(pieces, word_embeddings[0][1:-1]):
        if piece.startswith("##") and words:
            words[-1] = (words[-1][0] + piece[2:], words[-1][1])
        else:
            words.append((piece, np.asarray(vec)))
    return words


def word_vector(word, model, tok):
    return encode_words([word], model, tok)[0][1]
