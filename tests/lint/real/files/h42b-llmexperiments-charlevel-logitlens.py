# Synthetic rewrite of the shape of ayan-pathak/llm-experiments:logit_lens.py at 2d4103805c63a4c182f79a00d7964e09513d285c (licence NOASSERTION); not the original text.
"""Per-layer next-character guesses of a small char-level nanoGPT (logit lens)."""
import torch
import torch.nn.functional as F

from nano_model import GPT, GPTConfig


def restore(ckpt_file):
    ck = torch.load(ckpt_file, map_location="cpu", weights_only=False)
    net = GPT(GPTConfig(**ck["model_args"]))
    net.load_state_dict({k.removeprefix("_orig_mod."): v for k, v in ck["model"].items()})
    return net.eval()


def residuals_after_blocks(net, ids):
    kept = []
    hooks = [b.register_forward_hook(lambda m, i, o: kept.append(o.detach())) for b in net.transformer.h]
    try:
        with torch.no_grad():
            net(ids)
    finally:
        for hk in hooks:
            hk.remove()
    return kept


def read_early(net, resid):
    """Same two steps as the real output: final norm, then the output head."""
    with torch.no_grad():
        logits = net.lm_head(net.transformer.ln_f(resid))
        return F.softmax(logits, dim=-1)


def grid(net, ids):
    dists = [read_early(net, r)[0] for r in residuals_after_blocks(net, ids)]
    with torch.no_grad():
        full, _ = net(ids, targets=torch.zeros_like(ids))
    assert full[0, -1].argmax() == dists[-1][-1].argmax(), "lens disagrees with model"
    return [[int(d[p].argmax()) for p in range(ids.shape[1])] for d in dists]
