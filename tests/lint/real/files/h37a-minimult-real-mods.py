# Synthetic rewrite of the shape of pdufter/minimult:real/modifications.py at f81f801ceb66ca0adbd7f84ce76c64c505ac2ed7 (licence NOASSERTION); not the original text.
import numpy as np
import torch
from sklearn.metrics.pairwise import cosine_distances

_EXTERNAL = None


def language_mask(ids, lang, bounds, cls_id):
    first = ids[:, 1:2]
    return (first >= bounds[lang]) & (first < bounds[lang + 1])


def neighbour_swap(ids, mlm, tok, picked, bounds, k, vec_file=None):
    """Code-switch some tokens: each picked token becomes one of its k nearest
    tokens from another language's id range."""
    global _EXTERNAL
    if vec_file is not None:
        if _EXTERNAL is None:
            words = {}
            with open(vec_file) as fh:
                for line in fh:
                    w, *vals = line.split()
                    words[w] = np.array(vals, dtype=float)
            dim = len(next(iter(words.values())))
            _EXTERNAL = np.stack([words.get(w, np.zeros(dim)) for w in tok.get_vocab()])
        table = _EXTERNAL
    else:
        # the multilingual BERT's own token table
        table = mlm.bert.embeddings.word_embeddings.weight.detach().cpu().numpy()

    lang = 0
    mask = language_mask(ids, lang, bounds, tok.cls_token_id).expand_as(ids)
    queries = ids[picked & mask]
    if queries.numel() == 0:
        return
    other = np.random.choice([l for l in range(len(bounds) - 1) if l != lang])
    block = table[bounds[other]:bounds[other + 1]]
    gaps = cosine_distances(table[queries.numpy()], block)
    short = torch.as_tensor(np.argsort(gaps, axis=1)[:, :k])
    pick = torch.randint(0, short.shape[1], (short.shape[0], 1))
    ids[picked & mask] = torch.gather(short, 1, pick).squeeze(1) + bounds[other]
