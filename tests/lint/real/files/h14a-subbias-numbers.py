# cosaudit corpus, synthetic file: same shape as BhatiaAadi/Subliminal-Bias-Transfer-and-Mechanistic-Analysis/Code/Finding_Numbers.py at 4da9b87fadc6f196a14d8fa601c8f43d9529e587 (licence NOASSERTION); new code, no text copied.
"""Which layers tie a favourite number to the preferred animal?

Residual states of the prompt's last token are collected at every layer for an
animal prompt and for number prompts; the per-layer cosine tells where the two
prompts look alike.
"""
import numpy as np
import torch
from transformer_lens import HookedTransformer

PREFERRED, CONTROL = "owl", "dog"
CANDIDATES = {"up": ["087", "412", "733"], "flat": ["150", "268"], "down": ["904", "521"]}

model = HookedTransformer.from_pretrained(
    "meta-llama/Llama-3.2-1B-Instruct",
    fold_ln=False,
    center_writing_weights=False,
    center_unembed=False,
    dtype=torch.bfloat16,
)
n_layers = model.cfg.n_layers


def last_token_states(text):
    _, cache = model.run_with_cache(model.to_tokens(text))
    return torch.stack([cache[f"blocks.{i}.hook_resid_post"][0, -1] for i in range(n_layers)])


pref_states = last_token_states(f"My favourite animal is the {PREFERRED}")
ctrl_states = last_token_states(f"My favourite animal is the {CONTROL}")

records = []
for group, numbers in CANDIDATES.items():
    for number in numbers:
        num_states = last_token_states(f"My favourite number is {number}")
        to_pref = torch.nn.functional.cosine_similarity(pref_states, num_states, dim=1)
        to_ctrl = torch.nn.functional.cosine_similarity(ctrl_states, num_states, dim=1)
        gap = (to_pref - to_ctrl).float().cpu().numpy()
        records.append({"group": group, "number": number, "gap": gap, "peak_layer": int(np.argmax(gap))})

for r in records:
    print(f"{r['group']:>5} {r['number']}: largest gap at layer {r['peak_layer']} ({r['gap'].max():+.3f})")
