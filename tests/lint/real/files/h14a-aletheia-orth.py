# cosaudit corpus, synthetic file: same shape as hafufu-stack/aletheia/experiments3/phase186_orthogonality.py at a38027d34fa8f713a35ad8e5c5e968042221baa1 (licence MIT); new code, no text copied.
"""Does spreading the digit tokens apart remove cross-talk between them?

Cross-talk = mean |cosine| between different digits' vectors, in the input table and in
the output head, measured after embedding surgery of increasing strength.
"""
import numpy as np
import torch
import torch.nn.functional as F
from transformers import AutoModelForCausalLM, AutoTokenizer

MODEL = "Qwen/Qwen2.5-0.5B"
DIGITS = [f" {d}" for d in range(10)]


def crosstalk(vectors: torch.Tensor) -> float:
    sims = F.cosine_similarity(vectors.unsqueeze(0), vectors.unsqueeze(1), dim=-1)
    off = ~torch.eye(len(vectors), dtype=torch.bool)
    return sims[off].abs().mean().item()


def spread_digits(model, ids, strength):
    table = model.model.embed_tokens.weight.data
    vecs = table[ids].clone().float()
    centre = vecs.mean(dim=0)
    for i, t in enumerate(ids):
        push = (vecs[i] - centre) / ((vecs[i] - centre).norm() + 1e-8)
        table[t] += (strength * push * table[t].float().norm()).to(table.dtype)


tok = AutoTokenizer.from_pretrained(MODEL)
ids = [tok.encode(d)[-1] for d in DIGITS]
results = {}
for s in [0.0, 0.5, 1.0, 2.0, 5.0]:
    model = AutoModelForCausalLM.from_pretrained(MODEL, torch_dtype=torch.float32)
    if s > 0:
        spread_digits(model, ids, s)
    in_vecs = model.model.embed_tokens.weight.data[ids].float()
    out_vecs = model.lm_head.weight.data[ids].float()
    results[s] = {
        "input_crosstalk": crosstalk(in_vecs),
        "output_crosstalk": crosstalk(out_vecs),
        "in_out_alignment": float(np.mean([F.cosine_similarity(a[None], b[None]).item()
                                           for a, b in zip(in_vecs, out_vecs)])),
    }
    print(s, results[s])
