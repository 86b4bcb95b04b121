# Synthetic rewrite of the shape of passalis/pkth:nn/pkt_transfer.py at 5766e6398c574598c0b166bfadfaf573a7190a61 (licence NOASSERTION); not the original text.
import torch
import torch.optim as optim


def squared_distances(x, eps=1e-6):
    sq = (x ** 2).sum(dim=1)
    d = sq[:, None] + sq[None, :] - 2 * torch.mm(x, x.t())
    return torch.sqrt(d.clamp(min=0) + eps)


def cosine_pairwise_similarities(feats, eps=1e-6, shift=True):
    unit = feats / (feats.norm(dim=1, keepdim=True) + eps)
    unit = torch.nan_to_num(unit)
    sims = torch.mm(unit, unit.t())
    return (sims + 1.0) / 2.0 if shift else sims


def sample_kernel(feats, kind, sigma=1.0):
    if kind == "cosine":
        return cosine_pairwise_similarities(feats)
    d = squared_distances(feats)
    if kind == "rbf":
        return torch.exp(-d / sigma)
    if kind == "adaptive_rbf":
        return torch.exp(-d / d.mean().detach())
    if kind == "student_t":
        return 1.0 / (1.0 + d)
    raise ValueError(kind)


def probabilistic_transfer_loss(t_feats, s_feats, kinds, eps=1e-6):
    p_t = sample_kernel(t_feats, kinds["teacher"])
    p_s = sample_kernel(s_feats, kinds["student"])
    p_t = p_t / p_t.sum(dim=1, keepdim=True)
    p_s = p_s / p_s.sum(dim=1, keepdim=True)
    return (p_t * torch.log(eps + p_t / (eps + p_s))).mean()


def transfer(student, teacher, loader, epochs=1, lr=1e-3, t_layers=(3,), s_layers=(3,), kinds=None):
    opt = optim.Adam(student.parameters(), lr=lr)
    teacher.eval()
    for _ in range(epochs):
        student.train()
        for x, _ in loader:
            x = x.cuda()
            t_list = teacher.get_features(x, layers=t_layers)
            s_list = student.get_features(x, layers=s_layers)
            loss = sum(probabilistic_transfer_loss(t, s, kinds) for t, s in zip(t_list, s_list))
            opt.zero_grad()
            loss.backward()
            opt.step()
