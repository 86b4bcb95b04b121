# Synthetic rewrite of the shape of tanishqkumar/beyond-nanogpt:rag/intro_rag.py at cb1d7bc12e78ddb4e23d5565fd1fd147bc374d0d (licence MIT); not the original text.
"""Tiny retrieval step: embed questions and candidate passages, keep the closest passages per question."""
import torch
import torch.nn.functional as F
from sentence_transformers import SentenceTransformer


def similarity_table(encoder, queries, passages, device="cpu"):
    q = encoder.encode(queries, convert_to_tensor=True, device=device)
    p = encoder.encode(passages, convert_to_tensor=True, device=device)
    q_embs = F.normalize(q, p=2, dim=1)
    a_embs = F.normalize(p, p=2, dim=1)
    sims = torch.einsum('qd,ad->qa', q_embs, a_embs)
    return sims  # [n_queries, n_passages]


def retrieve(encoder, queries, passages, k=5, device="cpu"):
    table = similarity_table(encoder, queries, passages, device)
    return table.topk(k, dim=1).indices


if __name__ == "__main__":
    enc = SentenceTransformer("all-MiniLM-L6-v2")
    qs = ["Who wrote Hamlet?", "What is the boiling point of water at sea level?"]
    ps = ["Shakespeare wrote Hamlet around 1600.", "Water boils at 100 C at sea level.", "Paris is in France."]
    print(retrieve(enc, qs, ps, k=2))
