# Synthetic rewrite of the shape of peratonlabs/Iliad-TrojanSleuth:rd11/trojan_detector.py at 5aadaad78078a76f64e8444e4b471f45a215a242 (licence MIT); not the original text.
"""Weight-analysis features for a trojan detector: summary statistics of the output layer."""
import torch
from torch.nn.functional import normalize


def output_layer_weight(net):
    for getter in (lambda m: m.fc, lambda m: m.head, lambda m: m.classifier[1]):
        try:
            return getter(net).weight.detach()
        except (AttributeError, IndexError, TypeError):
            continue
    raise ValueError("unknown architecture")


def gap_ratio(values):
    ordered = sorted(values.tolist(), reverse=True)
    spread = ordered[0] - ordered[-1]
    return max((ordered[k] - ordered[k + 1]) / spread for k in range(4))


def head_summary(net, device="cpu"):
    weights = output_layer_weight(net)
    avg_weights = weights.mean(dim=1)          # one number per class
    std_weights = weights.std(dim=1)
    max_weights = weights.max(dim=1).values
    raw = [gap_ratio(avg_weights), avg_weights.max(), avg_weights.std(),
           std_weights.max(), max_weights.std()]
    avg_weights = normalize(avg_weights.reshape(1, -1))[0]
    std_weights = normalize(std_weights.reshape(1, -1))[0]
    max_weights = normalize(max_weights.reshape(1, -1))[0]
    scaled = [avg_weights.max(), avg_weights.std(), max_weights.std()]
    return torch.tensor([float(v) for v in raw + scaled], device=device)
