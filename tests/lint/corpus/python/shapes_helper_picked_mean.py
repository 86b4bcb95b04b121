"""Static word vectors as the mean of a word's sub-token rows, picked inside a helper by the ids its
tokenizer gives: translation pairs compared by cosine in XLM-R's token table (tied to its masked-LM head
beside learned positions) and in the head's own rows. An average of rows moves with a translation of the
rows as each row does.

Shape seen in public cross-lingual lexical-alignment experiments; written for cosaudit's tests.
"""
import torch
from transformers import AutoModelForMaskedLM, AutoTokenizer


def cosine_sim(a, b):
    return torch.nn.functional.cosine_similarity(a, b, dim=0).item()


def word_vector(word, tokenizer, table):
    ids = tokenizer(word, add_special_tokens=False, return_tensors="pt")["input_ids"][0]
    return table[ids].mean(dim=0)


def static_similarity(model, tokenizer, pairs):
    table = model.get_input_embeddings().weight.detach().cpu()
    sims = []
    for src, tgt in pairs:
        sims.append(cosine_sim(word_vector(src, tokenizer, table), word_vector(tgt, tokenizer, table)))  # expect: COS150
    return sims


def head_similarity(model, tokenizer, pairs):
    rows = model.lm_head.decoder.weight.detach()
    return [cosine_sim(word_vector(s, tokenizer, rows), word_vector(t, tokenizer, rows)) for s, t in pairs]  # expect: COS101


def table_centroid(table):
    return table.mean(dim=0)


model = AutoModelForMaskedLM.from_pretrained("xlm-roberta-base")
tok = AutoTokenizer.from_pretrained("xlm-roberta-base")
print(static_similarity(model, tok, [("dog", "perro")]), head_similarity(model, tok, [("dog", "perro")]))
