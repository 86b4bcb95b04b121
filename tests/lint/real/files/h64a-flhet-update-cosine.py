# Synthetic rewrite of the shape of khanhhuyenpham/federated-learning-under-heterogeneity:src/diagnostics.py at 1ff3b0e9d8b3d40cf2d625e76123ee45bc961d92 (licence MIT); not the original text.
import torch
import torch.nn as nn


def flatten_params(net: nn.Module) -> torch.Tensor:
    """All trainable parameters of a network as one detached vector."""
    return torch.cat([p.detach().reshape(-1) for p in net.parameters()])


def client_step(local_net: nn.Module, server_net: nn.Module) -> torch.Tensor:
    start = flatten_params(server_net).clone()
    return flatten_params(local_net) - start


def step_alignment(step_a: torch.Tensor, step_b: torch.Tensor) -> torch.Tensor:
    na = torch.linalg.vector_norm(step_a)
    nb = torch.linalg.vector_norm(step_b)
    if na == 0 or nb == 0:
        return torch.full((), float("nan"), dtype=step_a.dtype, device=step_a.device)
    # cosine between two whole-model update vectors
    return (step_a @ step_b) / (na * nb)


def step_size(step: torch.Tensor) -> torch.Tensor:
    return torch.linalg.vector_norm(step)
