# Synthetic rewrite of the shape of JerryWangJun/LLM_CL_SERS:src/llmtuner/tuner/sft/workflow.py at 1916e0d96d602c4fab25651320342cc13ae508c7 (licence NOASSERTION); not the original text.
import random

import torch
import torch.nn.functional as F
from torch.nn.utils.rnn import pad_sequence


def replay_shift_score(model, examples, pad_id, n_dirs=32, device="cuda", per_side=500):
    """Sliced-Wasserstein style gap between new-task and replayed examples in hidden-state space."""
    fresh = [ex for ex in examples if ex["is_replay"] == 0]
    replay = [ex for ex in examples if ex["is_replay"] == 1]
    k = min(per_side, len(fresh), len(replay))
    picked = {"fresh": random.sample(fresh, k), "replay": random.sample(replay, k)}

    model = model.to(device).bfloat16().eval()
    dirs = torch.linalg.qr(torch.randn(model.config.hidden_size, n_dirs, device=device))[0].to(torch.bfloat16)

    pooled = {}
    with torch.no_grad():
        for side, rows in picked.items():
            chunks = []
            for start in range(0, len(rows), 2):
                part = rows[start:start + 2]
                ids = pad_sequence([torch.tensor(r["input_ids"]) for r in part], batch_first=True,
                                   padding_value=pad_id).to(device)
                mask = pad_sequence([torch.tensor(r["attention_mask"]) for r in part], batch_first=True,
                                    padding_value=0).to(device)
                states = model(input_ids=ids, attention_mask=mask, output_hidden_states=True).hidden_states
                h = states[-2].mean(dim=1)
                projected = F.normalize(h.to(torch.bfloat16) @ dirs, dim=-1)
                chunks.append(projected.cpu())
            pooled[side] = torch.cat(chunks)

    levels = torch.linspace(0.05, 0.95, 20)
    gaps = [
        (torch.quantile(pooled["fresh"][:, j].float(), levels)
         - torch.quantile(pooled["replay"][:, j].float(), levels)).abs().mean()
        for j in range(n_dirs)
    ]
    return torch.stack(gaps).mean().item()
