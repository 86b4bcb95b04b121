# Synthetic rewrite of the shape of RHe502/ICML25-DPCR:models/lwf.py at 6e69f60382b88bd24bc46245f61b486bec9cee8b (licence NOASSERTION); not the original text.
import torch
import torch.nn.functional as F


@torch.no_grad()
def closed_form_head_update(learner, loader, n_classes):
    """Accumulate feature statistics and solve the ridge-regression classifier in closed form."""
    head = learner.ridge_head
    dim = head.feature_size
    gram = torch.zeros(dim, dim, device=learner.device)
    cross = torch.zeros(dim, n_classes, device=learner.device)

    learner.network.eval()
    for _, images, labels in loader:
        images, labels = images.to(learner.device), labels.to(learner.device)
        feats = learner.network(images)["features"]
        expanded, _ = head(feats)
        targets = F.one_hot(labels, n_classes).float()
        gram += expanded.t() @ expanded
        cross += expanded.t() @ targets

    head.autocorr = head.autocorr + gram
    head.crosscorr = head.crosscorr + cross
    solution = torch.linalg.inv(head.autocorr.cpu()).to(learner.device) @ head.crosscorr

    # each class row is rescaled to unit length before being installed as the scorer
    head.fc.weight = torch.nn.Parameter(F.normalize(solution.t().float(), p=2, dim=-1))
    learner.build_prototypes()
