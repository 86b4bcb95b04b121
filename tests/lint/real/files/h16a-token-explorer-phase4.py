# cosaudit corpus, synthetic file: same shape as clawdia-bot/token-explorer/phase4-cross-model/phase4_cross_model.py at a11b8246f14663f9d7d43a4373825c016dfd593d (licence MIT); new code, no text copied.
"""Cross-model token geometry: GPT-2 and GPT-Neo (tied, learned positions) vs Pythia (untied, rotary).

Is the narrow cone of token vectors universal, and what do Pythia's separate output rows look like?
"""
import numpy as np
import torch
from transformers import AutoModelForCausalLM

MODELS = {"gpt2": "gpt2", "neo": "EleutherAI/gpt-neo-125m", "pythia": "EleutherAI/pythia-70m"}
rng = np.random.default_rng(0)


def mean_pair_cosine(rows, n_pairs=5000):
    pairs = rng.integers(0, rows.shape[0], size=(n_pairs, 2))
    a, b = rows[pairs[:, 0]], rows[pairs[:, 1]]
    return torch.nn.functional.cosine_similarity(a, b, dim=1).mean().item()


tables = {}
for short, name in MODELS.items():
    lm = AutoModelForCausalLM.from_pretrained(name)
    entry = {"in": lm.get_input_embeddings().weight.detach().float()}
    if short == "pythia":
        entry["out"] = lm.embed_out.weight.detach().float()
    tables[short] = entry
    print(f"{short:7s} input-table anisotropy {mean_pair_cosine(entry['in']):.4f}")

print("\nPythia: input rows vs output rows")
rows_in, rows_out = tables["pythia"]["in"], tables["pythia"]["out"]
same_token = torch.nn.functional.cosine_similarity(rows_in, rows_out, dim=1)
print(f"  same-token in/out cosine: mean {same_token.mean():.4f}  std {same_token.std():.4f}")
norm_r = torch.corrcoef(torch.stack([rows_in.norm(dim=1), rows_out.norm(dim=1)]))[0, 1]
print(f"  norm correlation in/out: {norm_r:.3f}")

picks = rng.integers(0, rows_out.shape[0], size=(5000, 2))
out_cone = torch.nn.functional.cosine_similarity(rows_out[picks[:, 0]], rows_out[picks[:, 1]], dim=1).mean().item()
print(f"  output-row anisotropy: {out_cone:.4f}")
print(f"  input-row anisotropy:  {mean_pair_cosine(rows_in):.4f}")
