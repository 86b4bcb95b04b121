# Synthetic rewrite of the shape of MinwooPark96/transferabilityPT:src/transfer_utils.py at 299e4e79138fa2b8f09380e740c28da50a5f32c5 (licence NOASSERTION); not the original text.
"""Pick matching word-embedding rows in two encoders for words both vocabularies share."""
import numpy as np
import torch
from transformers import AutoModel, AutoTokenizer


def clean(pieces):
    return [p.replace("Ġ", "").replace("▁", "") for p in pieces]


def gather_rows(table: torch.Tensor, ids: np.ndarray) -> torch.Tensor:
    out = torch.empty(len(ids), table.shape[1])
    for i, idx in enumerate(ids):
        out[i] = table[idx]
    return out


def shared_anchor_rows(src_name, tgt_name, n_anchor=512, use_all=False):
    src_model, tgt_model = AutoModel.from_pretrained(src_name), AutoModel.from_pretrained(tgt_name)
    src_tok, tgt_tok = AutoTokenizer.from_pretrained(src_name), AutoTokenizer.from_pretrained(tgt_name)
    src_table = src_model.get_input_embeddings().weight.data.detach().clone()
    tgt_table = tgt_model.get_input_embeddings().weight.data.detach().clone()

    common = set(clean(src_tok.get_vocab())) & set(clean(tgt_tok.get_vocab()))
    src_ids, tgt_ids = [], []
    for word in common:
        s, t = src_tok.tokenize(" " + word), tgt_tok.tokenize(" " + word)
        if len(s) == 1 and len(t) == 1:
            src_ids.append(src_tok.convert_tokens_to_ids(s)[0])
            tgt_ids.append(tgt_tok.convert_tokens_to_ids(t)[0])

    stats = (tgt_table.mean(), tgt_table.std())
    if not use_all:
        keep = np.random.choice(len(src_ids), n_anchor, replace=False)
        src_ids, tgt_ids = [src_ids[i] for i in keep], [tgt_ids[i] for i in keep]
    return gather_rows(src_table, np.array(src_ids)), gather_rows(tgt_table, np.array(tgt_ids)), stats
