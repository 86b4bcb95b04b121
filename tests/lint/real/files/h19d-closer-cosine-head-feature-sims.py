# Synthetic rewrite of the shape of JungHunOh/CLOSER_ECCV2024:models/closer/helper.py at d6ef526f134f5d72ca202daaf9cd85966764108c (licence MIT); not the original text.
import torch
import torch.nn.functional as F


def train_base_epoch(net, loader, opt, cfg, supcon):
    net.train()
    totals = {"ce": 0.0, "inter": 0.0, "intra": 0.0}
    for step, (views, y) in enumerate(loader, 1):
        bs = views[0].shape[0]
        x = torch.cat(views, dim=0).cuda()
        y = y.cuda()
        z = F.normalize(net.module.encoder(x), dim=-1)
        head = net.module.classifier.weight[: cfg.base_class]
        logits = F.linear(z, F.normalize(head, dim=-1)) * cfg.temp
        yy = y.repeat(logits.shape[0] // bs)
        ce = F.cross_entropy(logits, yy)
        sc = supcon(z.reshape(1 + cfg.num_aug, bs, -1).permute(1, 0, 2))

        same = (yy[:, None] == yy[None, :]).float() * 2 - 1
        sims = F.linear(z, z)
        upper = torch.ones_like(sims).triu(diagonal=1) * same
        intra = (sims * (upper == 1)).sum() / (upper == 1).sum()
        inter = (sims * (upper == -1)).sum() / (upper == -1).sum()

        loss = ce + cfg.ssc_lamb * sc - cfg.inter_lamb * inter
        opt.zero_grad()
        loss.backward()
        opt.step()
        totals["ce"] += ce.item()
        totals["inter"] += inter.item()
        totals["intra"] += intra.item()
    return {k: v / step for k, v in totals.items()}


@torch.no_grad()
def prototypes_into_head(net, loader, cfg):
    net.eval()
    feats, labels = [], []
    for x, y in loader:
        feats.append(net.module.encoder(x.cuda()).cpu())
        labels.append(y)
    feats, labels = torch.cat(feats), torch.cat(labels)
    protos = torch.stack([feats[labels == c].mean(0) for c in range(cfg.base_class)])
    net.module.classifier.weight.data[: cfg.base_class] = protos
    return net
