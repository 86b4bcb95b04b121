# cosaudit corpus, synthetic file: same shape as oliviaylee/today-years-old/gpt2_qualitative_eval.py at cdd09dbbdab6ecfad4eb09cd4669fac237479e9f (licence NOASSERTION); new code, no text copied.
import json

import torch
from transformers import AutoTokenizer, GPT2LMHeadModel


def grow_vocab(new_words, ckpt=None):
    tok = AutoTokenizer.from_pretrained("gpt2")
    lm = GPT2LMHeadModel.from_pretrained("gpt2")
    old = lm.get_input_embeddings().weight.detach().clone()

    tok.add_tokens(new_words)
    lm.resize_token_embeddings(len(tok))
    table = lm.get_input_embeddings().weight

    # start the new rows near the old ones: a tight Gaussian around their mean
    centre = old.mean(dim=0)
    spread = (old - centre).T @ (old - centre) / old.shape[0]
    prior = torch.distributions.MultivariateNormal(centre, covariance_matrix=1e-5 * spread)
    fresh = torch.stack([prior.sample() for _ in new_words])
    with torch.no_grad():
        table[-len(new_words):] = fresh

    if ckpt is not None:
        lm.load_state_dict(torch.load(ckpt, map_location="cpu"))
    return tok, table, fresh


def closest(k=10, words_file="datasets/slang_words.json"):
    words = json.load(open(words_file))
    tok, table, fresh = grow_vocab(words)
    sims = torch.nn.functional.cosine_similarity(table, fresh, dim=1)
    best = torch.topk(sims, k).indices
    print(f"top {k} rows nearest the new words:", best.tolist())


if __name__ == "__main__":
    closest(10)
