# Synthetic rewrite of the shape of ZERO-9215/Online-CL-LLMs:src/llama_prompt_new.py at c18e09906bd1a893c3a1f89a3e0714bd50344bb4 (licence NOASSERTION); not the original text.
import math

import torch
import torch.nn.functional as F


@torch.no_grad()
def route_to_task_loras(hidden, task_stats, mode="L2", temperature=1.0):
    """Weight each earlier task's LoRA by how well the query state fits that task's running statistics."""
    per_task = []
    for stats in task_stats:
        centre, spread = stats.mean, stats.var
        if mode == "L2":
            per_task.append(-torch.norm(hidden - centre, dim=1))
        elif mode == "Gaussian":
            spread = spread + 1e-6
            ll = -0.5 * (torch.log(2 * math.pi * spread) + (hidden - centre) ** 2 / spread)
            per_task.append(ll.sum(dim=1))
        elif mode == "Attention":
            per_task.append(hidden @ centre.to(hidden.dtype) / math.sqrt(hidden.size(-1)))
        elif mode == "Cosine":
            features_norm = F.normalize(hidden, dim=1)
            mean_norm = F.normalize(centre.reshape(1, -1), dim=1)
            dist = torch.matmul(features_norm, mean_norm.t()).reshape(-1)
            per_task.append(dist)
        else:
            raise ValueError(mode)
    weights = torch.stack(per_task, dim=1)
    return F.softmax(weights / temperature, dim=1).unsqueeze(-1)
