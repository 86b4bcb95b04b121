# Synthetic rewrite of the shape of cvenhoff/thinking-llms-interp:analyze_layer_effects.py at 6707138b87a24c66dcf34834c5c6d148da5accf0 (licence NOASSERTION); not the original text.
# %%
import torch

import deepseek_steering.utils as utils

checkpoint = "deepseek-ai/DeepSeek-R1-Distill-Qwen-14B"
model, tokenizer, means = utils.load_model_and_vectors(compute_features=False, model_name=checkpoint)
behaviours = ["uncertainty-estimation", "adding-knowledge", "example-testing", "backtracking"]
READ_LAYER = 14

# %% which vocabulary item does each behaviour direction point to?
for layer in range(model.config.num_hidden_layers):
    print("=" * 60, "layer", layer)
    # one scalar for the whole matrix (Frobenius norm), not one per token row
    scaled_head = model.lm_head.weight / model.lm_head.weight.norm()
    directions = {}
    for b in behaviours:
        d = means[b]["mean"][READ_LAYER] - means["overall"]["mean"][READ_LAYER]
        directions[b] = d / d.norm()
    for b, d in directions.items():
        scores = scaled_head @ d.T.to(torch.bfloat16).to("cuda")
        top = torch.argmax(scores)
        print(f"{b}: top token {tokenizer.decode([top])!r}, score {scores.max().item():.4f}")
# %%
