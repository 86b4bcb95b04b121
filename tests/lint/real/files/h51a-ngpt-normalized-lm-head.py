# Synthetic rewrite of the shape of NVIDIA/ngpt:train.py at ed19eb232380d41a9d71024b58d2403937d8f2c9 (licence MIT); not the original text.
import torch

net = model.module if distributed else model
stack = net.transformer
cfg = net.config


def unit_rows(w, axis=-1):
    kind = w.dtype
    w32 = w.float()
    return (w32 / w32.norm(p=2, dim=axis, keepdim=True)).to(dtype=kind)


def project_to_sphere():
    # every token row of the input table and of the output head back to unit length
    stack.wte.weight.data.copy_(unit_rows(stack.wte.weight.data, 1))
    net.lm_head.weight.data.copy_(unit_rows(net.lm_head.weight.data, 1))
    for i in range(cfg.n_layer):
        blk = stack["h"][i]
        for lin in (blk.query, blk.key, blk.value, blk.c_fc):
            lin.weight.data.copy_(unit_rows(lin.weight.data, 1))
        for lin in (blk.att_c_proj, blk.mlp_c_proj):
            lin.weight.data.copy_(unit_rows(lin.weight.data, 0))


if normalized_gpt:
    project_to_sphere()

for step in range(max_steps):
    xb, yb = get_batch("train")
    with autocast_ctx:
        logits, loss = model(xb, yb)   # logits = per-token scale * (unit hidden . unit head row)
    scaler.scale(loss).backward()
    scaler.step(optimizer)
    scaler.update()
    optimizer.zero_grad(set_to_none=True)
    if normalized_gpt:
        project_to_sphere()
