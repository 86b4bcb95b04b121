# Synthetic rewrite of the shape of JoyHuYY1412/DDE_CIL:utils_incremental/compute_accuracy_TDE.py at c1bb7f2794dadb02bf195318395d39b87cf50508 (licence NOASSERTION); not the original text.
import numpy as np
import torch
import torch.nn.functional as F
from scipy.spatial.distance import cdist


def cos_and_sin(a, b):
    c = (a * b).sum(-1, keepdim=True) / a.norm(2, 1, keepdim=True) / b.norm(2, 1, keepdim=True)
    return c, (1 - c * c).sqrt()


@torch.no_grad()
def evaluate_with_tde(model, feature_net, class_means, loader, causal_embed, step, alpha=0.5, device="cuda"):
    """Accuracy of the cosine head, of nearest-mean rules, and of the head after removing
    the effect of the running mean-feature direction (total direct effect)."""
    model.eval(); feature_net.eval()
    hits = {"cnn": 0, "ncm": 0, "tde": 0}
    seen = 0
    for x, y in loader:
        x, y = x.to(device), y.to(device)
        seen += y.numel()
        feats = feature_net(x).squeeze()
        # split cosine classifier: old-class block and new-class block, rows normalised
        tg_model_norm_weight = torch.cat([F.normalize(model.fc.fc1.weight, p=2, dim=1),
                                          F.normalize(model.fc.fc2.weight, p=2, dim=1)]).t()
        unit_feats = feats / feats.norm(2, 1, keepdim=True)
        outputs = unit_feats @ tg_model_norm_weight * model.fc.sigma
        hits["cnn"] += (outputs.argmax(1) == y).sum().item()

        d = cdist(class_means.T, feats.cpu().numpy(), "sqeuclidean")
        hits["ncm"] += (torch.from_numpy(-d.T).argmax(1).to(device) == y).sum().item()

        if step > 0:
            cos_val, _ = cos_and_sin(feats, causal_embed)
            # logit the head would give to the (unit) mean direction, scaled by alignment
            outputs_bias = cos_val * torch.mm(causal_embed, tg_model_norm_weight) * model.fc.sigma
            debiased = F.softmax(outputs - alpha * outputs_bias, dim=1)
            hits["tde"] += (debiased.argmax(1) == y).sum().item()
    return {k: round(v / seen, 4) for k, v in hits.items()}
