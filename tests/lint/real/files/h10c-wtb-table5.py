# cosaudit corpus, synthetic file: same shape as AntonioLopardo/weight-tying-bias/experiments/1_embedding_alignment/Appendix_B/reproduce_table5.py at d94ddeef29af9a6b5c3fef471b07f4365db298cc (licence Apache-2.0); new code, no text copied.
"""Neighbourhood overlap between embedding matrices of tied and untied checkpoints.

For every token we take its nearest neighbours by cosine inside one matrix, do the same
inside another matrix, and report the mean fraction of neighbours the two lists share."""
import torch
from transformers import AutoConfig, AutoModelForCausalLM

K = 10


def matrices(model_id):
    cfg = AutoConfig.from_pretrained(model_id)
    sd = AutoModelForCausalLM.from_pretrained(model_id, torch_dtype=torch.float32).state_dict()
    inp = next(v for k, v in sd.items() if k.endswith(("embed_tokens.weight", "wte.weight", "embed_in.weight")))
    out = next((v for k, v in sd.items() if k.endswith(("lm_head.weight", "embed_out.weight"))), None)
    tied = getattr(cfg, "tie_word_embeddings", True)
    if tied or out is None:
        out = inp
    return {"input": inp.float().clone(), "output": out.float().clone(), "tied": tied}


def neighbours(rows, k=K, block=4096):
    unit = rows / (rows.norm(dim=1, keepdim=True) + 1e-8)
    n = unit.shape[0]
    result = torch.empty(n, k, dtype=torch.long)
    for lo in range(0, n, block):
        hi = min(lo + block, n)
        scores = unit[lo:hi] @ unit.T
        scores[torch.arange(hi - lo), torch.arange(lo, hi)] = float("-inf")
        result[lo:hi] = scores.topk(k, dim=1).indices
    return result


def overlap(a, b, k=K):
    na, nb = neighbours(a, k), neighbours(b, k)
    shared = [len(set(x.tolist()) & set(y.tolist())) / k for x, y in zip(na, nb)]
    return sum(shared) / len(shared)


if __name__ == "__main__":
    tied = matrices("allenai/OLMo-1B-hf")
    untied = matrices("allenai/OLMo-1B-0724-hf")
    n = min(tied["input"].shape[0], untied["input"].shape[0])
    print("tied vs untied input ", overlap(tied["input"][:n], untied["input"][:n]))
    print("tied vs untied output", overlap(tied["input"][:n], untied["output"][:n]))
    print("untied input vs output", overlap(untied["input"][:n], untied["output"][:n]))
