# cosaudit corpus, synthetic file: same shape as karthikviswanathn/token_geometry/src/utils.py at 82cc5a9a106f68db6c973355a28a2346a559f001 (licence NOASSERTION); new code, no text copied.
import numpy as np
from sklearn.metrics.pairwise import cosine_similarity, euclidean_distances


def layer_states(prompt, model, tokenizer, max_len=512):
    ids = tokenizer(prompt, return_tensors="pt", truncation=True, max_length=max_len)
    out = model(**ids, output_hidden_states=True)
    return [h.detach().float().numpy() for h in out.hidden_states]


def neighbour_lists(states, k=10):
    return [np.argsort(euclidean_distances(h[0]), axis=1)[:, 1:k + 1] for h in states]


def token_cosines(states):
    """one (tokens x tokens) cosine matrix of hidden states per layer"""
    return np.array([cosine_similarity(h[0]) for h in states])
