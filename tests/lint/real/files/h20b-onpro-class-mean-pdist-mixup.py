# Synthetic rewrite of the shape of weilllllls/OnPro:modules/APF.py at a92f8ae22ad798b217a1041d208036c62f98442d (licence NOASSERTION); not the original text.
import itertools

import torch
import torch.nn.functional as F


def confusable_pair_probs(class_centres):
    """Turn distances between class prototype centres into a sampling distribution over class pairs."""
    present = class_centres.abs().sum(dim=1) > 0
    ids = torch.arange(class_centres.shape[0])[present]
    centres = class_centres[present]
    dis = torch.pdist(centres)                 # one entry per unordered pair
    probs = F.softmax(1.0 / dis, dim=0)        # closer centres -> more mixing
    pairs = list(itertools.combinations(ids.tolist(), 2))
    return pairs, probs


def draw_mix_pairs(class_centres, n_samples):
    pairs, probs = confusable_pair_probs(class_centres)
    counts = (probs * n_samples).round()
    gap = int(n_samples - counts.sum().item())
    if gap > 0:
        counts[torch.randperm(len(counts))[:gap]] += 1
    elif gap < 0:
        nz = torch.nonzero(counts, as_tuple=True)[0]
        counts[nz[torch.randperm(len(nz))[:-gap]]] -= 1
    return [(a, b, int(c)) for (a, b), c in zip(pairs, counts) if c > 0]


# the centres come from the replay buffer's normalised projection prototypes:
#   z = F.normalize(projector_output); centres = (proto_view1 + proto_view2) / 2
