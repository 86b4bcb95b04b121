# Synthetic rewrite of the shape of zackmdavis/Exercises_A:ARENA/token_embedding_inquiry.py at fc07c27a49f8a98447a9c011d9a1d605d199ef61 (licence NOASSERTION); not the original text.
# Question: GPT-2 has separate BPE tokens for "word" and " word". Do the two sit
# near each other in the token table the model actually computes with? Compare
# pairs that differ only by a leading blank (or by an initial capital) against
# random pairs.
import random
import statistics

import torch
from transformer_lens import HookedTransformer

lm = HookedTransformer.from_pretrained("gpt2-small")
table = lm.W_E                      # GPT-2 ties this table to the output head
VOCAB_TOP = 50255
N_PAIRS = 800
cos = torch.nn.CosineSimilarity(dim=0)


def random_pairs():
    return [(random.randint(0, VOCAB_TOP), random.randint(0, VOCAB_TOP)) for _ in range(N_PAIRS)]


def partner_pairs(accept, transform):
    pairs = []
    while len(pairs) < N_PAIRS:
        tok = random.randint(0, VOCAB_TOP)
        text = lm.to_single_str_token(tok)
        if not accept(text):
            continue
        try:
            other = lm.to_single_token(transform(text))
        except AssertionError:
            continue
        pairs.append(tuple(sorted((tok, other))))
    return pairs


def flip_blank(s):
    return s[1:] if s.startswith(" ") else " " + s


def flip_capital(s):
    head = s[0].lower() if s[0].isupper() else s[0].upper()
    return head + s[1:]


def summarise(pairs):
    sims, deltas = [], []
    for a, b in pairs:
        va, vb = table[a], table[b]
        sims.append(cos(va, vb).item())
        deltas.append(vb - va)
    return statistics.mean(sims), statistics.stdev(sims), torch.stack(deltas).sum(0).norm().item()


if __name__ == "__main__":
    groups = {
        "random": random_pairs(),
        "blank/no blank": partner_pairs(lambda s: True, flip_blank),
        "Upper/lower": partner_pairs(lambda s: not s.startswith(" "), flip_capital),
    }
    for name, pairs in groups.items():
        mean, spread, drift = summarise(pairs)
        print(f"{name}: cosine {mean:.3f} +/- {spread:.3f}; |sum of differences| {drift:.1f}")
