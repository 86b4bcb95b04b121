# cosaudit corpus, synthetic file: same shape as Kitiro/DHG/train_gcn.py at e2707660cecb9f064e6fcb456622e5b4cd0cf108 (licence NOASSERTION); new code, no text copied.
import argparse
import json
import random

import numpy as np
import torch
import torch.nn.functional as F

from models.gcn_dense_aux import GCN_Dense_Aux
from utils import l2_loss


def masked_l2(pred, target, idx):
    return l2_loss(pred[idx], target[idx])


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--max-epoch", type=int, default=3000)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--weight-decay", type=float, default=5e-4)
    parser.add_argument("--trainval", default="10,0")
    parser.add_argument("--hl", default="d2048,d")
    args = parser.parse_args()

    graph = json.load(open("materials/imagenet-dense-grouped-graph.json"))
    wnids = graph["wnids"]
    n = len(wnids)
    induced = json.load(open("materials/imagenet-induced-graph.json"))
    word_vec = torch.tensor(induced["vectors"][:n]).float().cuda()
    attr_vec = torch.tensor(np.load("materials/class_attribute_map_imagenet.npy")).float().cuda()
    node_inputs = F.normalize(torch.cat([word_vec, attr_vec], dim=1))

    # targets: the ImageNet classifier rows (weight with the bias appended), one per seen class
    exported = json.load(open("materials/fc-weights.json"))
    assert [w for w, _ in exported] == wnids[: len(exported)]
    head_rows = torch.tensor([vec for _, vec in exported]).cuda()
    head_rows = F.normalize(head_rows)

    gcn = GCN_Dense_Aux(n, graph["edges"], node_inputs.shape[1], head_rows.shape[1], args.hl).cuda()  # ends with F.normalize
    opt = torch.optim.Adam(gcn.parameters(), lr=args.lr, weight_decay=args.weight_decay)

    n_rows = len(head_rows)
    a, b = map(float, args.trainval.split(","))
    n_fit = round(n_rows * a / (a + b))
    order = list(range(n_rows))
    random.shuffle(order)

    for epoch in range(1, args.max_epoch + 1):
        gcn.train()
        predicted = gcn(node_inputs)
        loss = masked_l2(predicted, head_rows, order[:n_fit])
        opt.zero_grad()
        loss.backward()
        opt.step()
        if epoch % 10 == 0:
            gcn.eval()
            with torch.no_grad():
                predicted = gcn(node_inputs)
                print(epoch, masked_l2(predicted, head_rows, order[:n_fit]).item())
            torch.save(predicted[:, :].cpu(), f"save/pred-{epoch}.pth")
