# Synthetic rewrite of the shape of fengsxy/DSL-LLaDA:workspace_extras/dsl_llada_active/analyze_train_vs_infer_noise.py at 33f29254b28eb3466e0cff9d88bee060da31c633 (licence NOASSERTION); not the original text.
"""Do the mistakes a masked-diffusion LM makes at inference look like the token
swaps its continuous-noise converter produces during training?

Each wrong token is bucketed by how close it sits to the right one in the
backbone's input embedding table (LLaDA: separate output layer, rotary positions).
"""
import json
from collections import Counter

import numpy as np
import torch
import torch.nn.functional as F
from transformers import AutoModelForCausalLM, AutoTokenizer

MASK = 126336
CKPT = "checkpoints/dsl_run/checkpoint-1000"

tok = AutoTokenizer.from_pretrained("GSAI-ML/LLaDA-8B-Instruct", trust_remote_code=True)
lm = AutoModelForCausalLM.from_pretrained(CKPT, trust_remote_code=True, torch_dtype=torch.bfloat16).cuda().eval()
table = lm.model.transformer.wte.weight.float()


def bucket(gold, guess):
    if gold == guess:
        return "right", None
    sim = F.cosine_similarity(table[gold][None], table[guess][None]).item()
    return ("near" if sim > 0.5 else "far"), sim


def masked_prediction_errors(texts, frac=0.3, seed=0):
    kinds, sims = Counter(), []
    for n, text in enumerate(texts):
        ids = tok(text, return_tensors="pt", add_special_tokens=False).input_ids.cuda()
        if ids.shape[1] < 20:
            continue
        g = torch.Generator().manual_seed(seed + n)
        where = torch.randperm(ids.shape[1], generator=g)[: max(1, int(ids.shape[1] * frac))]
        noisy = ids.clone()
        noisy[0, where] = MASK
        with torch.no_grad():
            guess = lm(noisy).logits.argmax(-1)
        for p in where.tolist():
            kind, sim = bucket(ids[0, p].item(), guess[0, p].item())
            kinds[kind] += 1
            if sim is not None:
                sims.append(sim)
    return kinds, sims


if __name__ == "__main__":
    texts = json.load(open("results/eval_texts.json"))[:50]
    kinds, sims = masked_prediction_errors(texts)
    total = sum(kinds.values())
    for k in ("right", "near", "far"):
        print(f"{k:>6}: {kinds[k] / total:.1%}")
    print("mean cos of wrong tokens:", float(np.mean(sims)) if sims else None)
