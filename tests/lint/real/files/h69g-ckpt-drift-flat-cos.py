# Synthetic rewrite of the shape of 44David/mech-interp-qwen-reasoning-0.5b:checkpoint_differencing.py at 590ddd88b224ed705a98c37c0b88d27bb8925c62 (licence NOASSERTION); not the original text.
# Idea kept: compare every tensor of two fine-tuning checkpoints (including the
# output head) by relative Frobenius change and by the cosine of the two
# flattened tensors; the head's name is only used to tag the CSV row.
import csv
import torch
from transformers import AutoModelForCausalLM

PAIRS = [("base->sft", "Qwen/Qwen2.5-0.5B", "me/qwen-0.5b-sft")]


def weights(model_id):
    m = AutoModelForCausalLM.from_pretrained(model_id, torch_dtype=torch.float32)
    return {k: v.detach().cpu().clone() for k, v in m.state_dict().items()}


def tag(name):
    if name.endswith("lm_head.weight"):
        return "lm_head"
    if name.endswith("embed_tokens.weight"):
        return "embed_tokens"
    return name.split(".")[-2]


def flat_cos(a, b):
    a, b = a.flatten(), b.flatten()
    na, nb = a.norm(), b.norm()
    if na == 0 or nb == 0:
        return float("nan")
    return float(a @ b / (na * nb))       # whole-tensor drift, not row against row


rows = []
for label, old_id, new_id in PAIRS:
    old, new = weights(old_id), weights(new_id)
    for name in sorted(old.keys() & new.keys()):
        d = new[name] - old[name]
        rows.append({
            "transition": label,
            "param": tag(name),
            "tensor": name,
            "rel_change": float(d.norm() / old[name].norm()),
            "cosine": flat_cos(old[name], new[name]),
        })

with open("param_drift.csv", "w", newline="") as fh:
    w = csv.DictWriter(fh, fieldnames=list(rows[0]))
    w.writeheader()
    w.writerows(rows)
