# expect: COS301
"""Written for cosaudit's tests: features' cosines with every row of the source classifier computed
to make pseudo-labels (in one function) or sample weights (taken off the graph), which a training step
elsewhere then uses: the cosines are targets or weights of the loss, not what it trains, so the
cosine lens stays flagged although a `backward()` follows."""
import torch
import torch.nn.functional as F


@torch.no_grad()
def pseudo_labels(model, feats):
    anchors = model.class_layer.fc.weight.data / torch.norm(model.class_layer.fc.weight.data, dim=-1, keepdim=True)
    sims = torch.einsum("nd,cd->nc", F.normalize(feats, dim=-1), anchors)
    return F.one_hot(sims.argmax(dim=-1), sims.shape[1]).float()


def train_step(model, images, bank, optimizer):
    feats, probs = model(images)
    targets = pseudo_labels(model, bank)  # expect: COS120
    loss = -(targets * torch.log(probs + 1e-5)).sum(-1).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()


def weighted_step(model, images, optimizer):
    feats, logits = model(images)
    rows = F.normalize(model.fc.weight, dim=1)
    closeness = (F.normalize(feats, dim=1) @ rows.T).max(dim=1).values  # expect: COS120
    weights = torch.tensor(closeness.detach().tolist())
    p = logits.softmax(1)
    loss = (weights * -(p * p.log()).sum(1)).mean()
    loss.backward()
