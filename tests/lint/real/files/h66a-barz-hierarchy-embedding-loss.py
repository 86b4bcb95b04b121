# Synthetic rewrite of the shape of mscheren/TUC-dml-semantic-hierarchy:Loss_Barzler.py at 325238c30f0cae42d4e2b7b303cb15111f9e3f72 (licence NOASSERTION); not the original text.
import torch
import torch.nn.functional as F


def hierarchy_alignment_loss(emb, targets, anchors, device):
    """emb: [B, C] unit-length network outputs; anchors: [C, C] fixed unit class vectors
    built beforehand from the label tree (pairwise dot products = 1 - tree distance)."""
    n, dim = emb.shape
    per_item = torch.zeros(n, 1, device=device)
    for k in range(n):
        anchor = anchors[targets[k], :].reshape(dim, 1)
        per_item[k] = 1.0 - emb[k, :].reshape(1, dim) @ anchor
    return per_item.mean()


def train_step(net, batch, labels, anchors, opt, device):
    out = net(batch.to(device))
    out = F.normalize(out, p=2, dim=1)           # project onto the unit sphere
    loss = hierarchy_alignment_loss(out, labels, anchors, device)
    opt.zero_grad()
    loss.backward()
    opt.step()
    # retrieval-style prediction: nearest fixed class anchor
    pred = (out @ anchors.T).argmax(dim=1)
    return loss.item(), pred
