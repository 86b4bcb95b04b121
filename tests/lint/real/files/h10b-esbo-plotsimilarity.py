# cosaudit corpus, synthetic file: same shape as trickytricklol/ESBO/pointwolf/analysis/plotsimilarity.py at 33882ed9619084c77f8419f856ead75f56cfe8f2 (licence MIT); new code, no text copied.
"""Which ModelNet40 classes does the trained point classifier treat as neighbours, and do errors follow them?"""
import argparse

import matplotlib.pyplot as plt
import torch
import torch.nn.functional as F

from model import PointNet
from data import ModelNet40


def head_rows(net):
    net = getattr(net, "module", net)
    return net.classifier[-1].weight.detach().cpu()


def class_cosine_matrix(rows):
    unit = F.normalize(rows, dim=1)
    sim = torch.mm(unit, unit.t())
    return sim.abs()


def neighbour_table(sim):
    table = {}
    for c in range(sim.size(0)):
        scores = sim[c].clone()
        scores[c] = -1e6
        table[c] = torch.argsort(scores, descending=True).tolist()
    return table


def error_ranks(net, loader, sim):
    ranks = {}
    net.eval()
    with torch.no_grad():
        for pts, y in loader:
            pred = net(pts.permute(0, 2, 1).cuda()).argmax(1).cpu()
            for t, p in zip(y.view(-1)[pred != y.view(-1)], pred[pred != y.view(-1)]):
                r = (torch.argsort(sim[t], descending=True) == p).nonzero().item()
                ranks[r] = ranks.get(r, 0) + 1
    return ranks


def main(args):
    net = PointNet(args, 40).cuda()
    net.load_state_dict(torch.load(args.ckpt)["net"])
    sim = class_cosine_matrix(head_rows(net))
    neighbours = neighbour_table(sim)
    plt.imshow(sim.numpy(), cmap="YlOrRd")
    plt.title("class cosine similarity (|cos| of classifier rows)")
    plt.savefig("class_similarity.png")
    loader = torch.utils.data.DataLoader(ModelNet40("test", 1024), batch_size=32)
    ranks = error_ranks(net, loader, sim)
    plt.figure()
    plt.bar(list(ranks), list(ranks.values()))
    plt.xlabel("similarity rank of the wrong class (0 = nearest)")
    plt.savefig("errors_by_rank.png")
    return neighbours


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--ckpt", required=True)
    main(p.parse_args())
