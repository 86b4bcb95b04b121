# Synthetic rewrite of the shape of edwardbturner/orthogonal-residual-stream-vectors:utils.py at 1f38d811eb6233f74c4291414e6306214d2c958b (licence NOASSERTION); not the original text.
"""Learn a family of mutually orthogonal steering vectors (MELBO-style)."""
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


def steer_batch(lm, vectors, prompt_ids, layer=8, stop_at=None, want_top_logits=False):
    dev = next(lm.parameters()).device
    out = []
    for (chunk,) in DataLoader(TensorDataset(vectors), batch_size=256):
        chunk = chunk.to(dev)
        batch = prompt_ids.unsqueeze(0).repeat(chunk.shape[0], 1)
        lm.reset_hooks()
        lm.add_hook(f"blocks.{layer}.hook_resid_post", lambda x, hook: x + chunk[:, None, :])
        if stop_at is not None:
            out.append(lm(batch, stop_at_layer=stop_at))
        elif want_top_logits:
            with torch.no_grad():
                top = lm(batch)[:, -1].topk(10, dim=-1)
            out.extend(zip(top.values.cpu(), top.indices.cpu()))
        else:
            out.extend(lm.generate(batch, max_new_tokens=40, temperature=0))
    lm.reset_hooks()
    return torch.cat(out) if stop_at is not None else out


def remove_span(v, earlier_unit):
    """Drop the component of v lying in the span of earlier (unit-norm) steering vectors."""
    B = earlier_unit.T
    return v - B @ (B.T @ v)


def refine_orthogonal(lm, prompt_ids, start, target_acts, earlier, epochs=500, lr=1e-2, read_layer=17):
    earlier_unit = torch.nn.functional.normalize(earlier, dim=1)
    theta = nn.Parameter(start.clone().detach())
    opt = torch.optim.Adam([theta], lr=lr)
    for _ in range(epochs):
        acts = steer_batch(lm, theta[None], prompt_ids, stop_at=read_layer)
        loss = (acts.mean(dim=1) - target_acts).norm()
        opt.zero_grad()
        loss.backward()
        opt.step()
        with torch.no_grad():
            theta.data = remove_span(theta.data, earlier_unit)
    return theta.detach().clone()
