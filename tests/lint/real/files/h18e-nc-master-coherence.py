# Synthetic rewrite of the shape of mariuslindegaard/neuralcollapse-master:measurements.py at 434a139fc321c6555940ed7318f0c0b0ddd9148f (licence NOASSERTION); not the original text.
import torch

K = 10  # number of classes


class Tracker:
    def __init__(self):
        self.mean_coherence = []
        self.head_coherence = []
        self.head_norm_spread = []


def offdiag_coherence(cols):
    # columns are unit vectors; a simplex ETF has every off-diagonal entry at -1/(K-1)
    gram = cols.T @ cols
    gram = gram + torch.ones((K, K)) / (K - 1)
    gram = gram - torch.diag(torch.diag(gram))
    return gram.abs().sum().item() / (K * (K - 1))


def measure_epoch(tracker, net, loader, loss_name="ce"):
    net.eval()
    store = {}
    head = net.block5.proj  # a 1x1 conv acting as the softmax classifier when loss_name == "ce"
    head.register_forward_hook(lambda mod, inp, out: store.__setitem__("h", inp[0].detach()))

    sums = [0.0] * K
    counts = [0] * K
    with torch.no_grad():
        for images, targets in loader:
            net(images)
            feats = store["h"].flatten(1)
            for k in range(K):
                picked = feats[targets == k]
                sums[k] = sums[k] + picked.sum(0)
                counts[k] += picked.shape[0]
    means = torch.stack([sums[k] / counts[k] for k in range(K)]).T
    centred = means - means.mean(dim=1, keepdim=True)

    W = head.weight.reshape(K, -1)
    W_norms = torch.norm(W.T, dim=0)
    m_len = torch.norm(centred, dim=0)
    tracker.head_norm_spread.append((W_norms.std() / W_norms.mean()).item())

    tracker.mean_coherence.append(offdiag_coherence(centred / m_len))
    tracker.head_coherence.append(offdiag_coherence(W.T/W_norms))
    return tracker
