# Synthetic rewrite of the shape of lbecken/f5-tests:code/07_gpt2_explore.py at 1b4e80120c3f59e596d334a7e6f03733fac885b2 (licence NOASSERTION); not the original text.
"""Tour of the pretrained 124M GPT-2: parameter count, one forward pass, and
which vocabulary entries sit closest together in the token table."""

import torch
import torch.nn.functional as F
from transformers import GPT2LMHeadModel, GPT2TokenizerFast

tokenizer = GPT2TokenizerFast.from_pretrained("gpt2")
lm = GPT2LMHeadModel.from_pretrained("gpt2")
lm.eval()


def section(title):
    print("\n" + "-" * 60 + f"\n{title}\n" + "-" * 60)


section("shared storage")
shared = lm.lm_head.weight.data_ptr() == lm.transformer.wte.weight.data_ptr()
unique = {}
for p in lm.parameters():
    unique.setdefault(p.data_ptr(), p.numel())
print(f"{sum(unique.values()) / 1e6:.1f}M parameters, output head shares wte: {shared}")

section("next-token distribution")
ids = tokenizer("The capital of France is", return_tensors="pt")["input_ids"]
with torch.no_grad():
    logits = lm(ids).logits[0, -1]
p = logits.softmax(-1)
for prob, j in zip(*torch.topk(p, 5)):
    print(f"  {tokenizer.decode([int(j)])!r:>12}  {prob:.3f}")

section("nearest vocabulary entries in the token table")
table = lm.transformer.wte.weight.detach()
unit_table = F.normalize(table, dim=1)


def closest(word, k=6):
    row = tokenizer(word)["input_ids"][0]
    scores = unit_table @ unit_table[row]
    best = torch.topk(scores, k + 1)
    return [(tokenizer.decode([int(j)]), round(float(s), 2))
            for s, j in zip(best.values[1:], best.indices[1:])]


for w in [" dog", " queen", " London", " three"]:
    print(f"  {w!r:>9} -> {closest(w)}")
