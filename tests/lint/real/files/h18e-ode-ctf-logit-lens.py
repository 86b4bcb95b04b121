# Synthetic rewrite of the shape of MateuSpencer/ode:logit_lens.py at 6c184d729668ff8c443ec77a8940835498eea005 (licence NOASSERTION); not the original text.
"""Layer-by-layer read-out of a small character model: when does the target character win?"""
import torch
import torch.nn.functional as F

from model import build_model, decode, encode, DEVICE

model, cfg = build_model()
TARGET = ord("f")


def ids_of(text):
    return torch.tensor([encode(text)], dtype=torch.long, device=DEVICE)


def lens_table(text, **ablation):
    with torch.no_grad():
        _, states = model(ids_of(text), return_hidden=True, **ablation)
    rows = []
    for depth, state in enumerate(states):
        vec = state[0, -1, :]
        lens_logits = model.lm_head(vec)  # unembed the intermediate state directly
        p = F.softmax(lens_logits, dim=-1)
        best_p, best_id = torch.topk(p, 5)
        rows.append((depth, float(p[TARGET]), [(decode([int(t)]), float(q)) for t, q in zip(best_id, best_p)]))
    return rows


for prompt in ["{", "flag{", "Ode "]:
    for depth, p_target, top in lens_table(prompt):
        print(f"{prompt!r:>8} layer {depth:2d}  P(target)={p_target:.4f}  top={top}")

for depth, p_target, _ in lens_table("{", dead_mlp={6}):
    print(f"MLP6 removed, layer {depth:2d}: P(target)={p_target:.4f}")
