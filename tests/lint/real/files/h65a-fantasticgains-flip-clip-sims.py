# Synthetic rewrite of the shape of ExplainableML/FantasticGains:distillation/flip_study.py at f756c18c060f31b09190178b83dfe6e67238c147 (licence MIT); not the original text.
# Knowledge-transfer study: which ImageNet classes does a second pretrained model get
# right where the first fails ("positive flips"), and are those classes semantically
# close? Closeness is measured with CLIP text embeddings of the class names.
import numpy as np
import torch


def flips_per_class(preds_a, preds_b, targets, n_classes=1000):
    gained = (preds_a != targets) & (preds_b == targets)
    return np.bincount(targets[gained], minlength=n_classes)


def classes_covering(flips, share):
    order = np.argsort(flips)[::-1]
    running = np.cumsum(flips[order]) / max(flips.sum(), 1)
    return int(np.searchsorted(running, share) + 1)


@torch.no_grad()
def name_closeness(flips, label_names, shares=(0.25, 0.5), device="cuda"):
    import clip
    order = np.argsort(flips)[::-1]
    ks = [classes_covering(flips, s) for s in shares]
    names = [label_names[c] for c in order[:max(ks)]]
    text_model, _ = clip.load("ViT-B/32", device, jit=False)
    tokens = clip.tokenize(names).to(device)
    vecs = torch.nn.functional.normalize(text_model.encode_text(tokens).float(), dim=-1)
    closeness = vecs @ vecs.T
    report = []
    for k in ks:
        block = closeness[:k, :k]
        upper = torch.triu(torch.ones_like(block, dtype=torch.bool), diagonal=1)
        vals = block[upper]
        report.append({"k": k, "mean": vals.mean().item(), "max": vals.max().item(),
                       "share": flips[order[:k]].sum() / flips.sum() * 100})
    return report
