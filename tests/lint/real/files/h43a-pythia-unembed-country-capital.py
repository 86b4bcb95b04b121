# Synthetic rewrite of the shape of James-Solis/pythia-knows-vs-acts:13_unembed_geometry.py at daa6daf934fc840baeb54ec2baa13d49f6bb5f97 (licence MIT); not the original text.
"""Is 'country -> capital' written into the unembedding?  Compare W_U columns by cosine."""
import torch
import torch.nn.functional as F

from setup import get_model

model = get_model()          # TransformerLens HookedTransformer (Pythia)


def tok(s):
    return model.to_single_token(s)


def cosine(a, b):
    return F.cosine_similarity(a.float().unsqueeze(0), b.float().unsqueeze(0)).item()


def column(word):
    return model.W_U[:, tok(word)]   # one token's output direction


def compare(country, capital, other_country, other_capital):
    pairs = [
        (country, capital), (country, other_country),
        (capital, other_capital), (country, other_capital),
    ]
    for a_word, b_word in pairs:
        a, b = column(a_word), column(b_word)
        sim = cosine(a, b)
        print(f"cos({a_word!r}, {b_word!r}) = {sim:+.4f}")
    torch.manual_seed(0)
    rand = torch.randperm(model.cfg.d_vocab)[:200]
    base = torch.tensor([cosine(column(country), model.W_U[:, r]) for r in rand])
    print(f"random baseline: {base.mean():+.4f} +/- {base.std():.4f}")
    # a high country~capital cosine is read as the association living in W_U's geometry


compare(" Germany", " Berlin", " France", " Paris")
