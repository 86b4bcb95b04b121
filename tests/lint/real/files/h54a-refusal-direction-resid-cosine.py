# Synthetic rewrite of the shape of AzulEye/refusal_direction:plot_cosine_similarity.py at 0a8cb9dc61fba8490513336b8587fe921dc4334b (licence NOASSERTION); not the original text.
"""Per-layer, per-token cosine between the residual stream and a stored
refusal direction, drawn as a heat map for each prompt."""
import argparse
import json
import os

import numpy as np
import torch
import matplotlib.pyplot as plt
import seaborn as sns

from pipeline.model_utils.model_factory import construct_model_base


def capture_pre(layer_idx, store):
    def _hook(module, args):
        x = args[0] if isinstance(args, tuple) else args
        store[layer_idx] = x.detach().float().cpu()
    return _hook


def run(opts):
    base = construct_model_base(opts.model_path)
    lm, tok = base.model, base.tokenizer

    vec = torch.load(opts.direction, map_location="cpu").float()
    vec = vec / vec.norm()                      # unit refusal direction

    with open(opts.prompts) as fh:
        prompts = json.load(fh) if opts.prompts.endswith(".json") else [l.strip() for l in fh if l.strip()]

    n_layers = getattr(getattr(lm.config, "text_config", lm.config), "num_hidden_layers")
    os.makedirs("figs/cos", exist_ok=True)

    for p_idx, prompt in enumerate(prompts):
        batch = base.tokenize_instructions_fn(instructions=[prompt]).to(lm.device)
        pieces = [tok.decode([t]) for t in batch.input_ids[0]]
        store, handles = {}, []
        for i in range(n_layers):
            handles.append(base.model_block_modules[i].register_forward_pre_hook(capture_pre(i, store)))
        with torch.no_grad():
            lm(**batch)
        for h in handles:
            h.remove()

        grid = np.zeros((n_layers, len(pieces)))
        for i in range(n_layers):
            acts = store[i][0]
            acts = acts / acts.norm(dim=-1, keepdim=True)
            grid[i] = (acts @ vec).numpy()       # cosine with the direction

        plt.figure(figsize=(18, 9))
        sns.heatmap(grid, cmap="coolwarm", vmin=0, vmax=1)
        plt.xticks(np.arange(len(pieces)) + 0.5, pieces, rotation=90, fontsize=7)
        plt.xlabel("token")
        plt.ylabel("layer")
        plt.title("cosine with refusal direction")
        plt.savefig(f"figs/cos/prompt_{p_idx}.png")
        plt.close()


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--model_path", required=True)
    ap.add_argument("--direction", required=True)
    ap.add_argument("--prompts", required=True)
    run(ap.parse_args())
