# Synthetic rewrite of the shape of lai6964/FedLCA:server.py at 6b89d0914e6ea68962e4c769127047a0509d972d (licence NOASSERTION); not the original text.
import numpy as np
import torch


def stack_flat(parts):
    if not parts:
        return torch.zeros(0)
    return torch.cat([p.detach().flatten().cpu() for p in parts])


def vec_cos(a, b, eps=1e-12):
    if a.numel() == 0 or b.numel() == 0:
        return 0.0
    return float(a @ b / (a.norm() * b.norm() + eps))


def smooth(prev, cur, beta=0.9):
    return beta * prev + (1.0 - beta) * cur


def refresh_group_agreement(prev_state, next_state, per_client_deltas, groups, agreement, beta=0.9):
    """Per parameter group (stem, layer1..layer4, fc), how well each client's update
    points the same way as the server's update this round."""
    for group_name, member_keys in groups.items():
        server_step = stack_flat([next_state[k] for k in member_keys]) - stack_flat(
            [prev_state[k] for k in member_keys]
        )
        scores = []
        for deltas in per_client_deltas:
            mine = [deltas[k] for k in member_keys if k in deltas]
            if not mine:
                continue
            client_step = stack_flat(mine)
            c = vec_cos(client_step, server_step)
            shifted = 0.5 * (c + 1.0)
            n_client = float(client_step.norm()) + 1e-12
            n_server = float(server_step.norm()) + 1e-12
            scale = min(n_client / n_server, n_server / n_client)
            scores.append(shifted * scale)
        if scores:
            agreement[group_name] = smooth(agreement.get(group_name, 1.0), float(np.mean(scores)), beta)
    return agreement
