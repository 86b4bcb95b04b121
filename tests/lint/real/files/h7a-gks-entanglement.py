# cosaudit corpus, synthetic file: same shape as GabrielKS/subliminality-in-context/src/subliminality/entanglement.py at cf79c7b2dccb25ff4464574806eebba677caf410 (licence NOASSERTION); new code, no text copied.
"""Which vocabulary tokens are 'entangled' with a given token?

Two scores against the full vocabulary:
  "unembedding"   cosine between the token's output-embedding row and every other row
  "distribution"  ratio of next-token probabilities with / without the token as favourite
"""
import torch
import torch.nn.functional as F

from subliminality.prompts import favourite_prompt


def entanglement(lm, ids, *, method, tok=None):
    ids = torch.as_tensor(ids)
    if method == "unembedding":
        return _by_unembedding(lm, ids)
    if method == "distribution":
        if tok is None:
            raise ValueError("the distribution method needs a tokenizer")
        with_tok, without = _by_distribution(lm, ids, tok)
        return with_tok / without
    raise ValueError(method)


def _by_unembedding(lm, ids):
    table = lm.get_output_embeddings().weight
    with torch.no_grad():
        all_rows = F.normalize(table.float(), dim=-1)
        picked = F.normalize(table[ids.to(table.device)].float(), dim=-1)
        return picked @ all_rows.T


def _by_distribution(lm, ids, tok):
    prompts = torch.tensor([favourite_prompt(tok, int(t)) for t in ids.reshape(-1)], device=lm.device)
    base = torch.tensor([favourite_prompt(tok, None)], device=lm.device)
    with torch.no_grad():
        p_with = lm(prompts).logits[:, -1].float().softmax(-1)
        p_without = lm(base).logits[0, -1].float().softmax(-1)
    return p_with.reshape(*ids.shape, -1), p_without
