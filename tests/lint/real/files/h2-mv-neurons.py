# cosaudit corpus, synthetic file: same shape as mechanistic-validity/mechanistic-validity/src/mechval/lib/features/neurons.py at f67450c3267c750c922710fb8cc37d30b8e1893c (licence Apache-2.0); new code, no text copied.
import torch
import torch.nn.functional as F


@torch.no_grad()
def output_features(model, layer):
    W_U = model.W_U.float()
    W_out = model.W_out[layer].float()
    logit_effects = W_out @ W_U
    top = logit_effects.topk(10, dim=-1).values
    probs = F.softmax(logit_effects, dim=-1)
    entropy = -(probs * torch.log(probs + 1e-10)).sum(-1)

    out_dirs = W_out / (W_out.norm(dim=-1, keepdim=True) + 1e-10)
    out_unembed_cos = out_dirs @ W_U
    return {
        "peak": top[:, 0] / (logit_effects.abs().mean(-1) + 1e-10),
        "entropy": entropy,
        "unembed_max_align": out_unembed_cos.abs().max(dim=-1).values,
    }
