# cosaudit corpus, synthetic file: same shape as Zhaochen-Kwok/Comparing_Weight_Decoded_Tokens_and_Maximally_Activating_Inputs/method2.py at f5f408ad93f31ed825df5194265a7ab2f76230e8 (licence NOASSERTION); new code, no text copied.
"""Weight-based reading of an MLP neuron: which tokens does its input weight vector point at?"""
import torch
from transformer_lens import HookedTransformer

COSINE = True
model = HookedTransformer.from_pretrained("solu-1l", device="cpu")
emb = model.W_E.detach()                                          # (vocab, d_model)
emb_unit = emb / (emb.norm(dim=1, keepdim=True) + 1e-8) if COSINE else emb


def neuron_tokens(layer, neuron, k=20):
    w_in = model.W_in[layer][:, neuron].detach()                   # (d_model,)
    scores = emb_unit @ (w_in / (w_in.norm() + 1e-8)) if COSINE else emb @ w_in
    best = scores.topk(k)
    return [(model.to_string(int(i)), round(float(s), 3)) for s, i in zip(best.values, best.indices)]


def overlap_with_activations(weight_tokens, activating_tokens):
    a, b = set(weight_tokens), set(activating_tokens)
    return len(a & b) / max(1, len(a | b))


if __name__ == "__main__":
    print(neuron_tokens(0, 1626))
