# Synthetic rewrite of the shape of BrennanLagasse/jacobian-lens-extension:research/cone_test.py at c01f3a1b0ec960e742704715b35b9bb2dedcfb95 (licence NOASSERTION); not the original text.
"""Quick CPU check: does a centred, unit-length 'prototype' row for a phrase win the softmax
on prompts that have nothing to do with the phrase?"""
import torch
import torch.nn.functional as F
from transformers import AutoModelForCausalLM, AutoTokenizer

NAME = "Qwen/Qwen2.5-0.5B"
tok = AutoTokenizer.from_pretrained(NAME)
lm = AutoModelForCausalLM.from_pretrained(NAME, dtype=torch.float32).eval()
U = lm.get_output_embeddings().weight.detach()          # one row per vocabulary entry

TARGET = "San Francisco"
with_target = [f"Last spring we drove to {TARGET} for a conference.",
               f"The fog rolled over {TARGET} in the morning.",
               f"A startup in {TARGET} raised a new round."]
unrelated = ["Boil the pasta for nine minutes.",
             "The orchestra tuned before the concert.",
             "Glaciers carve valleys over thousands of years.",
             "The printer ran out of toner again."]


@torch.no_grad()
def final_states(texts):
    res = []
    for t in texts:
        enc = tok(t, return_tensors="pt")
        res.append((enc, lm.model(**enc).last_hidden_state[0]))
    return res


states = torch.cat([h[3:] for _, h in final_states(unrelated)])
mean_state = states.mean(0)

before = []
for enc, h in final_states(with_target):
    text = tok.decode(enc.input_ids[0])
    spans = tok(text, return_offsets_mapping=True)["offset_mapping"]
    at = text.index(TARGET)
    first = next(i for i, (a, b) in enumerate(spans) if a < at + len(TARGET) and b > at)
    before.append(h[first - 1])
proto = torch.stack(before).mean(0)

candidate = F.normalize(proto - mean_state, dim=0)
print(f"head row norms: mean {U.norm(dim=1).mean():.3f}")
# every row of the output head against the average hidden state, by cosine
row_cos = F.cosine_similarity(U, mean_state[None], dim=1)
print(f"cos(head rows, mean state): mean {row_cos.mean():.4f} max {row_cos.max():.4f}")
print(f"cos(candidate, states): {F.cosine_similarity(states, candidate[None], dim=1).mean():.4f}")

for prompt in ["The recipe needs two cups of", "The bus from Denver arrived in"]:
    with torch.no_grad():
        h = lm.model(**tok(prompt, return_tensors="pt")).last_hidden_state[0, -1]
    real, extra = U @ h, candidate @ h
    print(f"{prompt:<35} extra={extra:6.2f} best_real={real.max():6.2f} rank={int((real > extra).sum()) + 1}")
