"""A cosine lens written out in two steps: the product of some vectors with the unembedding is bound
to a name first (an einsum, a matmul), then divided by the unembedding columns' norms and the vectors'
norms (LogitVar of entropy neurons: the variance over the vocabulary of each neuron's cosine with every
unembedding column). The column norms move with a translation of the head, so these cosines, and a
ranking by them, are not properties of the model (COS120). Logits bound to a name and then turned into
probabilities, or divided by their own norm, stay quiet.

Shapes seen in public entropy-neuron code; written for cosaudit's tests.
"""
import torch


def logit_var(model):
    W_out = model.blocks[-1].mlp.W_out
    W_U = model.W_U
    num = torch.einsum("md,dv->mv", W_out, W_U)
    den = torch.norm(W_U, p=2, dim=0).reshape(1, -1) * torch.norm(W_out, p=2, dim=1).reshape(-1, 1)
    return torch.var(num / den, dim=1)  # expect: COS120


def nearest_tokens(model, direction):
    scores = direction @ model.W_U  # expect: COS120
    cosines = scores / (model.W_U.norm(dim=0) * direction.norm())
    return cosines.topk(10)


def next_token_probabilities(model, resid):
    logits = resid @ model.W_U
    return logits.softmax(-1)


def logit_profile(model, resid):
    logits = torch.einsum("bd,dv->bv", resid, model.W_U)
    return logits / logits.norm(dim=-1, keepdim=True)
