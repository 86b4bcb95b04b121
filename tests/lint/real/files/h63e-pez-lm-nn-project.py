# Synthetic rewrite of the shape of YuxinWenRick/hard-prompts-made-easy:prompt_lm/src/utils.py at f22a1bec01991d94697304443cacbd66e0167e6b (licence MIT); not the original text.
"""Snap continuous prompt vectors onto the closest vocabulary rows (used with the GPT-2 prompt trainer)."""
import torch
import torch.nn.functional as F

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def snap_to_vocab(soft_prompt, lookup, k=3):
    """soft_prompt: (n_virtual, d); lookup: the LM's token embedding module (gpt2-large by default)."""
    n, d = soft_prompt.shape
    queries = F.normalize(soft_prompt.reshape(-1, d), p=2, dim=-1)
    # unit-length rows of the token table, so the dot below is a cosine
    rows = F.normalize(lookup.weight, p=2, dim=-1)
    scores = queries @ rows.T
    best = scores.topk(k, dim=-1).indices[:, 0]
    hard = lookup(best.to(device))
    return hard, best


def describe(tokenizer, ids):
    return tokenizer.decode(ids.tolist())
