# cosaudit corpus, synthetic file: same shape as Noitolar/WeakenNC/validate_NC.py at 06788588659e9c216ceb6376bf1846b6902264cc (licence NOASSERTION); new code, no text copied.
import pickle
import sys

import numpy as np
import scipy.linalg as la
import torch

import nets
from options import eval_options
from data import build_loaders


class PenultimateGrabber:
    def __init__(self):
        self.store = []

    def __call__(self, module, inputs):
        self.store.append(inputs)


def etf_distance(w):
    k = w.shape[0]
    gram = torch.mm(w, w.T)
    gram /= torch.norm(gram, p="fro")
    ideal = (torch.eye(k) - torch.ones(k, k) / k).to(w.device) / (k - 1) ** 0.5
    return torch.norm(gram - ideal, p="fro").item()


def duality_distance(w, class_means, global_mean):
    h = torch.stack([class_means[c] - global_mean for c in sorted(class_means)], dim=1)
    wh = torch.mm(w, h.to(w.device))
    wh /= torch.norm(wh, p="fro")
    k = wh.shape[0]
    ideal = (torch.eye(k) - torch.ones(k, k) / k).to(w.device) / (k - 1) ** 0.5
    return torch.norm(wh - ideal, p="fro").item()


def main():
    opt = eval_options()
    if opt.ckpt_dir is None:
        sys.exit("a checkpoint directory is needed")
    train_loader, _, n_cls = build_loaders(opt)
    net = nets.make(opt.arch, n_cls, bias=opt.bias, fixed_etf=opt.fixed_etf).to(opt.device)
    grab = PenultimateGrabber()
    net.fc.register_forward_pre_hook(grab)

    log = {"etf": [], "wh": []}
    for epoch in range(1, opt.epochs + 1):
        net.load_state_dict(torch.load(f"{opt.ckpt_dir}/ep{epoch:03d}.pt"))
        net.eval()
        for name, param in net.named_parameters():
            if name.endswith("fc.weight"):
                w = param
        class_means, global_mean = opt.collect_means(net, grab, train_loader)
        etf_value = etf_distance(w)
        log["etf"].append(etf_value)
        log["wh"].append(duality_distance(w, class_means, global_mean))
    with open(f"{opt.ckpt_dir}/collapse.pkl", "wb") as fh:
        pickle.dump(log, fh)


if __name__ == "__main__":
    main()
