# Synthetic rewrite of the shape of spkgyk/abliteration:src/hooks.py at 3818d53eb30b8b18eb13d214b16c7ddccab396d5 (licence NOASSERTION); not the original text.
"""Hooks for removing a single behaviour direction from activations and weights."""
from functools import wraps
from typing import Callable, Dict, List

import torch


def same_device(fn):
    @wraps(fn)
    def inner(*args):
        dev = args[0].device
        return fn(*[a.to(dev) if isinstance(a, torch.Tensor) else a for a in args])
    return inner


def make_ablation_hook(unit_dir: torch.Tensor) -> Callable:
    """Forward hook that deletes the component along unit_dir from a module's output."""

    @same_device
    def remove(activation: torch.Tensor, direction: torch.Tensor) -> torch.Tensor:
        proj = torch.matmul(activation, direction.unsqueeze(-1)) * direction
        return activation - proj

    return lambda module, inputs, output: remove(output, unit_dir)


@same_device
def project_out_of_weight(weight: torch.Tensor, d: torch.Tensor) -> torch.Tensor:
    """Return weight with the direction d removed from whichever side matches its size."""
    coeffs = torch.matmul(d, weight) if len(d) == len(weight) else torch.matmul(weight, d)
    rank_one = torch.outer(d, coeffs)
    return weight - (rank_one if rank_one.shape == weight.shape else rank_one.T)


def capture_hook(store: Dict[str, List[torch.Tensor]], key: str, pos: int, pre: bool = False) -> Callable:
    def grab(module, inputs, output=None):
        t = inputs[0] if pre else output
        store[key].append(t[:, pos, :].detach().cpu())
    return grab
