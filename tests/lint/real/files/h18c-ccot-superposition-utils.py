# Synthetic rewrite of the shape of edmand88/superposition-in-continuous-chain-of-thought:utils.py at 5de2ccfe09f97274ba59094f09ac2d0d64827ae1 (licence NOASSERTION); not the original text.
import random
import torch
import torch.nn.functional as F

random.seed(0)


def nearest_vocab_rows(model, tokenizer, query, k=10):
    """Return the k vocabulary items whose input-embedding rows are closest
    (by cosine) to `query`. `model` wraps a checkpoint's token table as
    `model.embedding` and its output projection as `model.unembedding`."""
    query = torch.as_tensor(query)
    all_embeddings = model.embedding.weight
    sims = F.cosine_similarity(query.unsqueeze(0), all_embeddings)
    vals, idx = sims.topk(k)
    return [(tokenizer.decode(int(i)), float(v)) for i, v in zip(idx, vals)]


def top_logit_tokens(model, tokenizer, vec, k=10):
    """Read a vector out through the head: logits, then top-k tokens."""
    logits = model.unembedding(torch.as_tensor(vec).unsqueeze(0))
    top = logits.topk(k)
    return [(tokenizer.decode(int(i)), float(v)) for i, v in zip(top.indices[0], top.values[0])]


def single_token(tokenizer, w):
    return len(tokenizer.tokenize(w)) == 1


def superposition_recall(words, model, tokenizer, sizes=(3, 5, 10), trials=50, k=30):
    """Average a random subset of word vectors and count how many of the
    words come back in the head's top-k logits."""
    pool = [w for w in words if single_token(tokenizer, w)]
    ids = {w: tokenizer.encode(w, add_special_tokens=False)[0] for w in pool}
    vecs = {w: model.embedding.weight[ids[w]] for w in pool}
    out = {}
    for n in sizes:
        hits = 0.0
        for _ in range(trials):
            pick = random.sample(pool, n)
            mix = torch.stack([vecs[w] for w in pick]).mean(0)
            top = set(model.unembedding(mix.unsqueeze(0)).topk(k).indices[0].tolist())
            hits += sum(ids[w] in top for w in pick)
        out[n] = hits / trials
    return out
