"""Rows picked by a name bound to several token ids (`i = tok.convert_tokens_to_ids(["dog", "cat"])`,
`ids = torch.tensor(...)`), then compared item by item; and a batch of words' sub-token rows picked by
a padded `input_ids` matrix and averaged per word (`emb(ids).mean(dim=1)`): one vector per word, each
moving with a shared translation of the rows as a row does.

Shapes seen in public BERT / GPT-2 word-geometry scripts; written for cosaudit's tests.
"""
import torch
import torch.nn.functional as F
from sklearn.metrics.pairwise import cosine_similarity
from transformers import AutoModel, AutoTokenizer, GPT2LMHeadModel

bert = AutoModel.from_pretrained("bert-base-uncased")
tok = AutoTokenizer.from_pretrained("bert-base-uncased")


def pair_by_token_list():
    i = tok.convert_tokens_to_ids(["dog", "cat"])
    vecs = bert.embeddings.word_embeddings.weight[i]
    return F.cosine_similarity(vecs[0], vecs[1], dim=-1)  # expect: COS150


def pair_by_tensor_of_ids(words):
    sel = torch.tensor(tok.convert_tokens_to_ids(words))
    vecs = bert.embeddings.word_embeddings(sel)
    return F.cosine_similarity(vecs[0], vecs[1], dim=-1)  # expect: COS150


def word_means(words):
    ids = tok(words, add_special_tokens=False, padding=True, return_tensors="pt")["input_ids"]
    with torch.no_grad():
        vecs = bert.embeddings.word_embeddings(ids).mean(dim=1).numpy()
    return cosine_similarity(vecs)  # expect: COS150


def head_pair(words):
    gpt = GPT2LMHeadModel.from_pretrained("gpt2")
    W = gpt.lm_head.weight
    picked = torch.LongTensor([tok.convert_tokens_to_ids(w) for w in words])
    rows = W[picked]
    return F.cosine_similarity(rows[0], rows[1], dim=0)  # expect: COS101


def one_id_then_one_component():
    # one id: its row, and one coordinate of that row (a number, compared with nothing)
    i = tok.convert_tokens_to_ids("dog")
    row = bert.embeddings.word_embeddings.weight[i]
    return float(row[0])


def rows_minus_rows(words):
    # differences of the picked rows compared: identifiable, quiet
    i = tok.convert_tokens_to_ids(words)
    gpt = GPT2LMHeadModel.from_pretrained("gpt2")
    vecs = gpt.lm_head.weight[i]
    return F.cosine_similarity(vecs[0] - vecs[1], vecs[2] - vecs[3], dim=0)
