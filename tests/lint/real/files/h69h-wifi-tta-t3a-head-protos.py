# Synthetic rewrite of the shape of suanlab/WiFi-TTA-Bench:pinn4csi/training/paper2_tta.py at 5713f15450942c9c5e1591092baaa40984a8ac7e (licence CC-BY-4.0); not the original text.
import torch


@torch.no_grad()
def run_template_tta(net, batches, n_classes, top_k=1, device="cpu"):
    """Prototype-style test-time adaptation for a CSI classifier.

    Each class starts from its row of the softmax task head; classes that get
    confident pseudo-labelled samples have their row swapped for the mean of
    those samples. Samples are then assigned by cosine to the templates.
    """
    net.eval()
    feats, golds, scores = [], [], []
    for batch in batches:
        out = net(batch["x"].to(device))
        feats.append(out["invariant_features"])
        scores.append(out["task_logits"])
        golds.append(batch["label"].to(device))
    feats = torch.cat(feats)
    golds = torch.cat(golds)
    scores = torch.cat(scores)

    # one template per class, copied from the trained linear head
    templates = net.task_head.weight.detach().clone()

    conf, guess = scores.softmax(-1).max(-1)
    for c in range(n_classes):
        picked = guess == c
        if not picked.any():
            continue
        k = min(top_k, int(picked.sum()))
        best = conf[picked].topk(k).indices
        templates[c] = feats[picked][best].mean(0)

    unit_feats = feats / (feats.norm(dim=-1, keepdim=True) + 1e-8)
    unit_templates = templates / (templates.norm(dim=-1, keepdim=True) + 1e-8)
    cos_scores = unit_feats @ unit_templates.T
    predicted = cos_scores.argmax(-1)
    return {"accuracy": float((predicted == golds).float().mean())}
