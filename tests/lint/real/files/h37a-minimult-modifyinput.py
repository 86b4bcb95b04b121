# Synthetic rewrite of the shape of pdufter/minimult:modifyinput.py at f81f801ceb66ca0adbd7f84ce76c64c505ac2ed7 (licence NOASSERTION); not the original text.
import numpy as np
import torch
from sklearn.metrics.pairwise import cosine_distances

FAR = 1e3


def in_second_language(ids, offset):
    # token ids at or above `offset` belong to the shifted ("fake") copy of the language
    if isinstance(ids, list):
        return any(i >= offset for i in ids)
    return ~torch.all(ids < offset, dim=1, keepdim=True)


def swap_for_neighbour(ids, bert_mlm, picked, n_candidates):
    """Replace the picked input tokens by one of their nearest tokens from the other
    language, neighbours found in the model's own word-embedding table."""
    offset = bert_mlm.config.shift
    vocab_vecs = bert_mlm.bert.embeddings.word_embeddings.weight.detach().cpu().numpy()
    queries = ids[picked]
    if queries.numel() == 0:
        return
    second = in_second_language(queries.unsqueeze(1), offset).squeeze().numpy()
    gaps = cosine_distances(vocab_vecs[queries.numpy()], vocab_vecs)
    # forbid neighbours from the query's own language
    gaps[np.ix_(second, np.arange(offset, gaps.shape[1]))] += FAR
    gaps[np.ix_(~second, np.arange(0, offset))] += FAR
    shortlist = torch.as_tensor(np.argsort(gaps, axis=1)[:, :n_candidates])
    pick = torch.randint(0, shortlist.shape[1], (shortlist.shape[0], 1))
    ids[picked] = torch.gather(shortlist, 1, pick).squeeze(1)
