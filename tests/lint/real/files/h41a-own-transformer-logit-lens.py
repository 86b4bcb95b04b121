# Synthetic rewrite of the shape of SiddNan/transformer-circuits-lab:interpretability/logit_lens.py at cd6f0948e04accf1b9294c6fa96288965199314d (licence NOASSERTION); not the original text.
"""Read every layer's residual stream through the final norm and the output head of our small trained model."""
import torch
import torch.nn.functional as F


@torch.no_grad()
def layerwise_predictions(model, ids, k=5):
    model.eval()
    net = getattr(model, "_orig_mod", model)
    out = net(ids, return_hidden_states=True)
    per_layer, entropies = [], []
    for depth, resid in enumerate(out["hidden_states"]):
        normed = net.final_norm(resid)
        logits = net.lm_head(normed)
        p = F.softmax(logits, dim=-1)
        entropies.append(-(p * (p + 1e-10).log()).sum(-1)[0].cpu())
        top = p[0].topk(k, dim=-1)
        per_layer.append({
            "layer": "embed" if depth == 0 else f"L{depth}",
            "ids": top.indices.cpu().tolist(),
            "probs": top.values.cpu().tolist(),
        })
    return per_layer, torch.stack(entropies)


def show(per_layer, tok, pos):
    for row in per_layer:
        words = [tok.decode([i]) for i in row["ids"][pos][:3]]
        print(row["layer"], words)
