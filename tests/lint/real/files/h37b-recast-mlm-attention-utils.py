# Synthetic rewrite of the shape of poloclub/RECAST:backend/utils.py at b794745744a02647435d166b191034cdcaad5902 (licence MIT); not the original text.
import torch
from nltk.corpus import wordnet

_fill_cache = {}


def wordnet_alternatives(word, n_synsets=2):
    alts = {l for s in wordnet.synsets(word)[:n_synsets] for l in s.lemma_names() if '_' not in l}
    alts.discard(word)
    return {a: 0 for a in alts} or None


def fill_in_blank(words, position, tok, mlm, k=20):
    """Mask one word and rank replacements by the masked-LM distribution."""
    words = list(words)
    words[position] = tok.mask_token
    text = " ".join(words) + "."
    if text in _fill_cache:
        return _fill_cache[text]
    ids = tok.encode(text, return_tensors="pt")
    where = (ids == tok.mask_token_id).nonzero()[:, 1]
    token_logits = mlm(ids)[0]
    mask_token_logits = token_logits[0, where, :]
    best = torch.topk(mask_token_logits, k, dim=1)
    weights = torch.softmax(best.values.squeeze(), dim=0).tolist()
    out = {tok.decode([t]): w for t, w in zip(best.indices.squeeze().tolist(), weights)}
    _fill_cache[text] = out
    return out


def last_layer_cls_attention(attentions, n_words):
    """Sum the final layer's heads and keep the [CLS] row over word pieces."""
    summed = attentions[-1][0].sum(0)[0][1:-1]
    return summed[:n_words]
