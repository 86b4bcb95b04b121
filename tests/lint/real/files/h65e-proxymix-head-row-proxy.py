# Synthetic rewrite of the shape of YuheD/ProxyMix:train_target.py at afcac8bf5d974ff418821009d07772dc4be74439 (licence NOASSERTION); not the original text.
import torch
import torch.nn.functional as F


@torch.no_grad()
def embed_all(net, loader, device="cpu"):
    net.eval()
    feats = []
    for images, _ in loader:
        z, _ = net(images.to(device))
        feats.append(z)
    return torch.cat(feats)


@torch.no_grad()
def split_easy_hard(net, loader, samples, n_classes, per_class=5, device="cpu"):
    """Build a source-free 'proxy source' set: for every class, take the target images
    closest to that class's classifier row; everything else is the hard set."""
    row_bank = None
    for name, param in net.named_parameters():
        if "fc.weight" in name:                    # rows of the trained softmax head
            row_bank = param
    feats = F.normalize(embed_all(net, loader, device))
    rows = F.normalize(row_bank)
    scores = rows.mm(feats.t())                    # (classes, N) cosine of each row with each feature
    order = torch.argsort(scores, dim=1, descending=True)

    chosen, easy, wrong = set(), [], 0
    for c in range(n_classes):
        k = 0
        for _ in range(per_class):
            idx = int(order[c, k])
            while idx in chosen:
                k += 1
                idx = int(order[c, k])
            chosen.add(idx)
            easy.append((samples[idx][0], c))
            wrong += int(samples[idx][1] != c)
            k += 1
    hard = [samples[i] for i in range(len(samples)) if i not in chosen]
    purity = 1 - wrong / (n_classes * per_class)
    print(f"proxy split label accuracy: {purity:.3f}")
    return easy, hard
