# cosaudit corpus, synthetic file: same shape as joshuaswanson/mech-interp-puzzles/2026-05_count_unique_tokens/analysis/16_unembed.py at 42caeb459340ea4763dc9e866c1bad19766df616 (licence unknown); new code, no text copied.
import numpy as np
import torch

from shared import ANSWER_OFFSET, load_trained, sample_batch

net = load_trained()
emb = net.embed.weight
head = net.readout.weight[ANSWER_OFFSET:]          # rows for answers 1..10
gen = np.random.default_rng(3)
seqs, truth = sample_batch(gen, 500)
state = emb[seqs]
causal = torch.tril(torch.ones(seqs.shape[1], seqs.shape[1])).unsqueeze(0)
for block in net.blocks:
    state = state + block.out_proj(torch.cat([h(state, causal)[0] for h in block.heads], -1))
final = state[:, -1]

design = torch.stack([truth.float(), torch.ones(len(truth))], 1)
coef = torch.linalg.lstsq(design, final).solution
slope_dir, base_dir = coef[0], coef[1]
print("fit R^2:", 1 - ((final - design @ coef) ** 2).sum() / ((final - final.mean(0)) ** 2).sum())

print("head rows . slope direction:", (head @ slope_dir).numpy().round(1))
print("head rows . base direction: ", (head @ base_dir).numpy().round(1))

logits = final @ head.T
for k in range(1, 11):
    print(k, logits[truth == k].mean(0).numpy().round(1))
