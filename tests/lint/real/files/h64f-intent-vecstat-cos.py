# Synthetic rewrite of the shape of Zhouhao-Yang/Training-Free-versus-Training-Based-Intent-Classification-in-LLMs:src/metrics.py at c1abf0e2997d9a78f3250e69c302e78f6b4d96ae (licence MIT); not the original text.
from collections import defaultdict

import torch


def layer_projection_stats(model, batch, layer_names):
    """Per linear layer: mean and variance over tokens of normalised-input @ scaled-weight^T."""
    stats = defaultdict(dict)
    keep = batch["attention_mask"].reshape(-1).bool()
    handles = []

    def make_hook(name):
        def hook(module, inputs, _out):
            z = inputs[0].float()
            w = module.weight.float()
            w_scaled = w / (w.pow(2).mean().sqrt() + 1e-8)
            z_unit = z / (z.norm(dim=-1, keepdim=True) + 1e-8)
            proj = (z_unit @ w_scaled.T).reshape(-1, w.shape[0])[keep]
            mu = proj.mean(dim=0)
            stats[name]["mean_vec"] = mu.cpu()
            stats[name]["var_vec"] = ((proj - mu) ** 2).sum(0).div(max(proj.shape[0] - 1, 1)).cpu()

        return hook

    for name, module in model.named_modules():
        if name in layer_names and getattr(module, "weight", None) is not None:
            handles.append(module.register_forward_hook(make_hook(name)))
    with torch.no_grad():
        model(**batch)
    for h in handles:
        h.remove()
    return stats


def nearest_task(sample_stats, reference_stats, layer_names):
    """Pick the reference task whose mean projection vectors point most the same way."""
    tasks = list(reference_stats)
    scores = []
    for task in tasks:
        per_layer = []
        for name in layer_names:
            a = sample_stats[name]["mean_vec"].unsqueeze(0)
            b = torch.as_tensor(reference_stats[task][name]["mean_vec"]).unsqueeze(0)
            denom = (a.norm(dim=-1) * b.norm(dim=-1)).clamp_min(1e-8)
            per_layer.append((a * b).sum(dim=-1) / denom)
        scores.append(torch.stack(per_layer).mean(dim=0))
    scores = torch.stack(scores, dim=1)
    return [tasks[i] for i in scores.argmax(dim=1).tolist()], scores
