# cosaudit corpus, synthetic file: same shape as aviclu/ffn-values/data_generation/generate_data_gpt2.py at 81ac29236c944dbcd7b1956d5728fcc4c48b05fc (licence NOASSERTION); new code, no text copied.
"""Record which tokens GPT-2's residual stream and its FFN value vectors promote, layer by layer."""
import argparse

import torch
import torch.nn.functional as F
from transformers import GPT2LMHeadModel, GPT2Tokenizer


def add_recorders(model):
    model.records = {}

    def keep(name):
        def hook(_m, _i, out):
            model.records[name] = (out[0] if isinstance(out, tuple) else out).detach()
        return hook

    for i, block in enumerate(model.transformer.h):
        block.register_forward_hook(keep(f"resid_{i}"))
        block.mlp.register_forward_hook(keep(f"mlp_{i}"))


def top_tokens(model, vec, k):
    normed = model.transformer.ln_f(vec)
    logits = torch.matmul(model.lm_head.weight, normed.T)
    probs = F.softmax(logits.T[-1] if logits.dim() > 1 else logits, dim=-1)
    p, idx = probs.topk(k)
    return list(zip(p.tolist(), idx.tolist()))


def layer_predictions(model, enc, k=1):
    model(**enc)
    return {name: top_tokens(model, h[0], k) for name, h in model.records.items() if name.startswith("resid")}


def value_vector_tokens(model, layer, idx, k=10):
    value = model.transformer.h[layer].mlp.c_proj.weight.data[idx]
    return top_tokens(model, value[None, :], k)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="gpt2")
    ap.add_argument("--device", default="cpu")
    a = ap.parse_args()
    tok = GPT2Tokenizer.from_pretrained(a.model)
    model = GPT2LMHeadModel.from_pretrained(a.model).to(a.device).eval()
    add_recorders(model)
    enc = tok("The capital of France is", return_tensors="pt").to(a.device)
    with torch.no_grad():
        print(layer_predictions(model, enc))
        print(value_vector_tokens(model, 10, 42))
