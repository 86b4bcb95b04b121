# Synthetic rewrite of the shape of ntrillard/transformer-geometry:old/steering-evals/scripts/eval_layer_spheres.py at bac7bb0b5303dd865f0433b79341f224e96f6290 (licence NOASSERTION); not the original text.
"""Per layer: how far do the normalised output-head rows sit from the BOS axis?"""
import numpy as np
import torch
from transformers import AutoModelForCausalLM, AutoTokenizer

CKPT = "Qwen/Qwen2-0.5B-Instruct"
DEPTHS = [0, 4, 8, 12, 16, 20, 23]
GROUPS = {"fruit": ["apple", "pear", "plum", "grape", "lemon", "peach"],
          "metal": ["iron", "gold", "tin", "lead", "zinc", "copper"]}


def angles_deg(axis, rows):
    return np.degrees(np.arccos(np.clip(np.abs(rows @ axis), 0.0, 1.0)))


def run():
    tok = AutoTokenizer.from_pretrained(CKPT)
    lm = AutoModelForCausalLM.from_pretrained(CKPT, torch_dtype=torch.float32)
    head = lm.lm_head.weight.detach().float().numpy()[: lm.config.vocab_size]
    unit_rows = head / np.linalg.norm(head, axis=1, keepdims=True)

    ids = tok("Long ago, in a quiet village", return_tensors="pt").input_ids
    with torch.no_grad():
        states = lm(ids, output_hidden_states=True).hidden_states

    group_ids = {g: [tok(" " + w, add_special_tokens=False).input_ids[0] for w in ws]
                 for g, ws in GROUPS.items()}
    for d in DEPTHS:
        bos = states[d + 1][0, 0].float().numpy()
        bos = bos / np.linalg.norm(bos)
        med = np.median(angles_deg(bos, unit_rows))
        spread = {g: float(angles_deg(unit_rows[i].mean(0) / np.linalg.norm(unit_rows[i].mean(0)),
                                      unit_rows[i]).mean())
                  for g, i in group_ids.items()}
        print(f"layer {d:2d}: median angle rows-to-BOS {med:5.1f} deg, group spreads {spread}")


if __name__ == "__main__":
    run()
