# Synthetic rewrite of the shape of HAIV-Lab/DML:test_DML+.py at e1c5a17944f9ec18bcc513c7d27dc04a6525883a (licence NOASSERTION); not the original text.
import numpy as np
import torch

from models.wrn import WideResNet


def make_net(n_classes, unit_head, unit_features, device):
    net = WideResNet(40, n_classes, 2, dropRate=0.3, use_norm=unit_head, feature_norm=unit_features)
    return net.to(device).eval()


@torch.no_grad()
def two_part_scores(cos_net, norm_net, loader, device, limit=None):
    """First part: best class output of a net trained with a unit-row head on
    unit features (so its outputs are scaled cosines). Second part: the
    feature length of a separately trained centre-loss net."""
    first, second, seen = [], [], 0
    for x, _ in loader:
        x = x.to(device)
        out_c, _ = cos_net(x)
        _, feat_n = norm_net(x)
        first.append(out_c.max(dim=1).values.cpu().numpy())
        second.append(feat_n.norm(p=2, dim=1).cpu().numpy())
        seen += x.shape[0]
        if limit is not None and seen >= limit:
            break
    return np.concatenate(first)[:limit], np.concatenate(second)[:limit]


def combine(part_a, part_b, ref_a, ref_b):
    # each part is divided by its in-distribution total before adding
    return part_a / ref_a.sum() + part_b / ref_b.sum()


def evaluate(n_classes, id_loader, ood_loader, device):
    cos_net = make_net(n_classes, unit_head=True, unit_features=True, device=device)
    norm_net = make_net(n_classes, unit_head=True, unit_features=False, device=device)
    ia, ib = two_part_scores(cos_net, norm_net, id_loader, device)
    oa, ob = two_part_scores(cos_net, norm_net, ood_loader, device, limit=len(ia) // 5)
    return combine(ia, ib, ia, ib), combine(oa, ob, ia, ib)
