# Synthetic rewrite of the shape of gzhu-hcai/LongTailLib:system/flcore/servers/servercreff.py at 13d7e81f7560183ca5b1bf790ab709d6cf64d825 (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


def rowwise_grad_gap(g_real, g_fake):
    """Sum over output rows of (1 - cosine) between two gradient tensors of one parameter."""
    if g_real.dim() > 2:
        g_real = g_real.flatten(1)
        g_fake = g_fake.flatten(1)
    elif g_real.dim() == 1:
        g_real = g_real.unsqueeze(0)
        g_fake = g_fake.unsqueeze(0)
    num = (g_real * g_fake).sum(dim=-1)
    den = g_real.norm(dim=-1) * g_fake.norm(dim=-1) + 1e-6
    return (1.0 - num / den).sum()


def gradient_gap(real_grads, fake_grads, how="rowwise"):
    total = torch.zeros(())
    if how == "rowwise":
        for a, b in zip(real_grads, fake_grads):
            total = total + rowwise_grad_gap(a, b)
    elif how == "l2":
        a = torch.cat([g.flatten() for g in real_grads])
        b = torch.cat([g.flatten() for g in fake_grads])
        total = ((a - b) ** 2).sum()
    else:
        a = torch.cat([g.flatten() for g in real_grads])
        b = torch.cat([g.flatten() for g in fake_grads])
        total = 1.0 - (a @ b) / (a.norm() * b.norm() + 1e-6)
    return total


def refine_virtual_features(server_head, fake_feats, fake_labels, client_class_grads, steps=100, lr=0.1):
    """Learn federated virtual features whose classifier gradients mimic the clients' per-class ones."""
    probe = nn.Linear(server_head.in_features, server_head.out_features)
    probe.load_state_dict(server_head.state_dict())
    fake_feats = fake_feats.clone().requires_grad_(True)
    opt = torch.optim.SGD([fake_feats], lr=lr)
    for _ in range(steps):
        loss = torch.zeros(())
        for cls, real_grads in client_class_grads.items():
            pick = fake_labels == cls
            ce = F.cross_entropy(probe(fake_feats[pick]), fake_labels[pick])
            fake_grads = torch.autograd.grad(ce, list(probe.parameters()), create_graph=True)
            loss = loss + gradient_gap(real_grads, fake_grads)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return fake_feats.detach()
