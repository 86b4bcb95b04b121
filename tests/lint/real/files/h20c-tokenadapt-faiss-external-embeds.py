# Synthetic rewrite of the shape of Tinycompany-AI/tokenadapt:src/transplant.py at 3f7ff1de79a47e6e6cffa40e4d143e8a31f2491a (licence Apache-2.0); not the original text.
"""Seed new-vocabulary rows by nearest neighbours found with an external text encoder."""
import numpy as np
import faiss
from transformers import AutoModel, AutoTokenizer


def index_old_vocab(vectors_by_token, dim):
    """Cosine search over old-vocabulary strings, each encoded by a separate embedding model."""
    names, rows = [], []
    for tok, vec in vectors_by_token.items():
        arr = np.asarray(vec, dtype=np.float32)
        if arr.shape != (dim,):
            continue
        names.append(tok)
        rows.append(arr)
    if not rows:
        return None, None
    mat = np.vstack(rows)
    faiss.normalize_L2(mat)
    index = faiss.IndexFlatIP(dim)
    index.add(mat)
    return index, dict(enumerate(names))


def run(cfg, old_tok, model, encode_strings):
    encoder = AutoModel.from_pretrained(cfg.encoder_path)
    enc_tok = AutoTokenizer.from_pretrained(cfg.encoder_path)
    dim = encoder.config.hidden_size
    old_strings = {t: old_tok.decode([i]) for t, i in old_tok.get_vocab().items()}
    cache = encode_strings(encoder, enc_tok, list(set(old_strings.values())))
    table = {t: cache[s] for t, s in old_strings.items() if s in cache}
    index, id_to_tok = index_old_vocab(table, dim)
    ties = getattr(model.config, "tie_word_embeddings", False)
    out = model.get_output_embeddings()
    if out is None or out.weight is model.get_input_embeddings().weight:
        ties = True
    return index, id_to_tok, ties
