# Synthetic rewrite of the shape of Hypogenic-AI/compositional-directions-claude:src/extract_directions.py at 8cf9e26999cfa256c3f89b1af4b1af54b2e31092 (licence NOASSERTION); not the original text.
"""Relation directions read off a causal LM's output matrix (difference-of-rows recipe)."""
import numpy as np
import torch
from transformers import AutoModelForCausalLM, AutoTokenizer

CHECKPOINT = "EleutherAI/pythia-1.4b"


def output_matrix(model):
    """Return the vocabulary-by-width output weights, whatever the attribute is called."""
    for attr in ("embed_out", "lm_head"):
        if hasattr(model, attr):
            return getattr(model, attr).weight.detach().float()
    for pname, tensor in model.named_parameters():
        if "embed_out" in pname or "lm_head" in pname:
            return tensor.detach().float()
    raise LookupError("no output matrix found")


def pair_offsets(pairs, W_U):
    # one offset per (source id, destination id) pair
    return torch.stack([W_U[dst] - W_U[src] for src, dst in pairs])


def relation_direction(pairs, W_U):
    offs = pair_offsets(pairs, W_U)
    avg = offs.mean(0)
    return avg / avg.norm(), offs


def held_out_agreement(pairs, W_U):
    offs = pair_offsets(pairs, W_U)
    scores = []
    for k in range(offs.shape[0]):
        keep = torch.arange(offs.shape[0]) != k
        rest = offs[keep].mean(0)
        rest = rest / rest.norm()
        scores.append(torch.dot(rest, offs[k] / offs[k].norm()).item())
    return float(np.mean(scores)), float(np.std(scores))


if __name__ == "__main__":
    tok = AutoTokenizer.from_pretrained(CHECKPOINT)
    lm = AutoModelForCausalLM.from_pretrained(CHECKPOINT).eval()
    W_U = output_matrix(lm)
    plural = [(tok.encode(" " + a)[0], tok.encode(" " + b)[0])
              for a, b in [("dog", "dogs"), ("car", "cars"), ("tree", "trees"), ("cup", "cups")]]
    print(held_out_agreement(plural, W_U))
