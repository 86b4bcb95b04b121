# Synthetic rewrite of the shape of hematteo/sparse-readout-prism:scripts/analyze/nearest_rows_baseline.py at 63a51661e87c4a6df27225cc1682e1daa2ad9089 (licence NOASSERTION); not the original text.
"""List vocabulary rows closest to a contrast direction q = w_a - w_b.

Rows are scored twice: after subtracting the vocabulary mean, and as they are.
"""
import torch
from transformers import AutoModelForCausalLM, AutoTokenizer


def output_head(model):
    head = model.get_output_embeddings()
    return head.weight.detach().float().cpu()


def closest(tok, q, unit_rows, skip, n):
    qn = q / q.norm()
    sims = unit_rows @ qn
    order = sims.abs().clone()
    for i in skip:
        order[i] = -1.0
    picks = torch.topk(order, n).indices.tolist()
    return [(tok.decode([i]), round(float(sims[i]), 4)) for i in picks]


@torch.no_grad()
def contrast_neighbours(W_U, tok, pairs, n=12):
    mu = W_U.mean(dim=0)
    centred = W_U - mu
    centred_unit = centred / centred.norm(dim=1, keepdim=True).clamp_min(1e-8)
    plain_unit = W_U / W_U.norm(dim=1, keepdim=True).clamp_min(1e-8)
    report = {}
    for a, b in pairs:
        ia = tok.encode(" " + a, add_special_tokens=False)[0]
        ib = tok.encode(" " + b, add_special_tokens=False)[0]
        q = W_U[ia] - W_U[ib]
        report[f"{a}-{b}"] = {
            "centred": closest(tok, q, centred_unit, {ia, ib}, n),
            "plain": closest(tok, q, plain_unit, {ia, ib}, n),
        }
    return report


if __name__ == "__main__":
    name = "Qwen/Qwen2.5-1.5B"
    tok = AutoTokenizer.from_pretrained(name)
    lm = AutoModelForCausalLM.from_pretrained(name, torch_dtype=torch.float32)
    W = output_head(lm)
    for key, val in contrast_neighbours(W, tok, [("bug", "insect"), ("bug", "error")]).items():
        print(key)
        for variant in ("centred", "plain"):
            print("  ", variant, val[variant][:5])
