# cosaudit corpus, synthetic file: same shape as hesamsheikh/primer-llm-embeddings/python/code/qwen_per_token_visualization.py at a21a09f6dfcda83e22bb36cfa47b42c369cea9fe (licence NOASSERTION); new code, no text copied.
"""Nearest tokens in a distilled Qwen model's input embedding table, drawn as a small graph."""
import networkx as nx
import torch
import torch.nn as nn
from transformers import AutoTokenizer

NAME = "deepseek-ai/DeepSeek-R1-Distill-Qwen-1.5B"
VOCAB, WIDTH = 151936, 1536


class Lookup(nn.Module):
    def __init__(self, n, d):
        super().__init__()
        self.table = nn.Embedding(n, d)

    def forward(self, ids):
        return self.table(ids)


tok = AutoTokenizer.from_pretrained(NAME)
lookup = Lookup(VOCAB, WIDTH)
lookup.table.load_state_dict(torch.load("files/qwen_input_embeddings.pth"))  # saved get_input_embeddings()


def neighbours(vec, n=10):
    sims = torch.nn.functional.cosine_similarity(vec[None, :], lookup.table.weight)
    vals, idx = torch.topk(sims, n)
    return [(tok.decode(int(i)), float(v)) for v, i in zip(vals, idx)]


def graph_for(prompt, n=5):
    ids = tok(prompt, return_tensors="pt")["input_ids"][0]
    g = nx.Graph()
    with torch.no_grad():
        for t in ids:
            word = tok.decode(int(t))
            for other, s in neighbours(lookup(t), n):
                g.add_edge(word, other, weight=s)
    return g
