# Synthetic rewrite of the shape of natalieabreu/last-layer-opt:gradient_norms.py at 8a5bc0e02884e91379b27ee60806c1d0e870df93 (licence NOASSERTION); not the original text.
import copy
import torch
from torch.optim import AdamW, SGD


def split_head(model, head_names=("fc.weight", "fc.bias")):
    names = [n for n, _ in model.named_parameters()]
    for n in head_names:
        assert n in names, f"missing {n}"
    head = [p for n, p in model.named_parameters() if n in head_names]
    rest = [p for n, p in model.named_parameters() if n not in head_names]
    return head, rest


def grad_norms(model):
    out = {}
    for name, p in sorted(model.named_parameters(), key=lambda kv: kv[0]):
        if p.grad is not None:
            out[name] = p.grad.norm(2).item()
    return out


def step_with_inner_head_fit(model, x, y, loss_fn, opt, inner_steps=5, inner_lr=0.1, log=print):
    saved = copy.deepcopy(model.fc.state_dict())
    inner = SGD(model.fc.parameters(), lr=inner_lr, momentum=0.9)
    feats = model.forward2(x).detach()
    for _ in range(inner_steps):
        l = loss_fn(model.fc(feats), y)
        inner.zero_grad()
        l.backward()
        inner.step()
    opt.zero_grad()
    loss_fn(model(x), y).backward()
    after_inner = grad_norms(model)
    model.fc.load_state_dict(saved)

    opt.zero_grad()
    loss_fn(model(x), y).backward()
    plain = grad_norms(model)
    for name, g in plain.items():
        log(f"{name}: grad {g:.4g}  ratio {g / (after_inner.get(name, 0.0) + 1e-20):.3g}")
    opt.step()


def make_optimizer(model, lr=1e-3, head_lr=1e-2):
    head, rest = split_head(model)
    return AdamW([{"params": rest}, {"params": head, "lr": head_lr}], lr=lr, betas=(0.9, 0.95))
