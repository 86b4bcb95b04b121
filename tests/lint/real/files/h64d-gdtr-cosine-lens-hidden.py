# Synthetic rewrite of the shape of heoneyzi/Medical:GDTR/gdtr-poc/src/ur_gdtr.py at 06492e395d862f93c001e341c23906f9a0aba5df (licence NOASSERTION); not the original text.
"""A 'cosine lens' that never touches the output head: each layer's residual state is
compared with the last block's residual state, as a cross-check for head-based lenses."""
import torch
import torch.nn.functional as F

FIRST_REAL = 1  # skip the BOS position


@torch.no_grad()
def settling_profile(states, first_real=FIRST_REAL):
    """states: per-layer hidden states (embeddings, L blocks, post-final-norm).

    Returns a [L, T] float tensor: one minus the cosine between layer l and the last
    pre-norm block, averaged over the batch. The last row is zero by construction.
    """
    if len(states) < 3:
        raise ValueError("need embeddings, at least one block and the final norm output")
    depth = len(states) - 2
    last = F.normalize(states[depth].float()[:, first_real:, :], dim=-1)
    out = torch.zeros(depth, last.shape[1])
    for layer in range(1, depth + 1):
        here = F.normalize(states[layer].float()[:, first_real:, :], dim=-1)
        agreement = (here * last).sum(-1)
        out[layer - 1] = (1.0 - agreement).clamp_min(0.0).mean(0).cpu()
    out[depth - 1] = 0.0
    return out


def first_settled_layer(profile, threshold=0.1):
    hit = profile <= threshold
    idx = hit.float().argmax(0) + 1
    return torch.where(hit.any(0), idx, torch.full_like(idx, profile.shape[0]))
