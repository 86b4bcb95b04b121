# cosaudit corpus, synthetic file: same shape as CatGuyMoment/wikipedia_connector/ai_heuristic_gpt.py at 769b990deacf94d934f82be8edd45b0f5f397397 (licence NOASSERTION); new code, no text copied.
"""Heuristic for the wiki-link game: how close is a page title to the goal title?"""
import torch
import torch.nn.functional as F
from transformers import GPT2Model, GPT2Tokenizer

dev = "cuda" if torch.cuda.is_available() else "cpu"
tok = GPT2Tokenizer.from_pretrained("gpt2")
gpt = GPT2Model.from_pretrained("gpt2").to(dev).eval()
lookup = gpt.get_input_embeddings()

_memo = {}


def title_vector(title):
    if title not in _memo:
        ids = torch.tensor(tok.encode(title, add_prefix_space=True), device=dev)
        _memo[title] = lookup(ids).mean(dim=0)
    return _memo[title]


def closeness(a, b):
    if not a:
        return 0.0
    return F.cosine_similarity(title_vector(a), title_vector(b), dim=-1).item()


def best_next(links, goal):
    return max(links, key=lambda t: closeness(t, goal))
