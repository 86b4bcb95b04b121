# Synthetic rewrite of the shape of TeamOfProfGuo/GLMC:VS_Trainer.py at 2e7b2158556f23d6996f1b2084a303c9927e850c (licence NOASSERTION); not the original text.
import os
import pickle

import numpy as np
import torch
import torch.nn.functional as F

from utils.measure_nc import analysis  # per-class norms and angles of the head and of the class means


def fmt(arr):
    return np.array2string(arr, separator=",", formatter={"float_kind": lambda v: "%.3f" % v})


class LongTailTrainer:
    def __init__(self, args, model, train_loader, log):
        self.args, self.model, self.train_loader, self.log = args, model, train_loader, log
        self.opt = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9, weight_decay=args.weight_decay)

    @staticmethod
    def simsiam(p, z):
        # negative cosine between predictor output and stop-gradient projection (feature space)
        return -F.cosine_similarity(p, z.detach(), dim=-1).mean()

    def run_epoch(self, criterion):
        self.model.train()
        for x, y in self.train_loader:
            x, y = x.cuda(), y.cuda()
            logits, logits_cb, z, p, h = self.model(x, ret="all")
            loss = criterion(logits_cb, y)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()

    def maybe_measure(self, epoch):
        every = self.args.debug
        if every <= 0 or (epoch + 1) % every:
            return
        nc_dict = analysis(self.model, self.train_loader, self.args, epoch)
        self.log.info("NC1 {:.3f}\nWnorm {}\nHnorm {}\nWcos {}\nWHcos {}".format(
            nc_dict["nc1"], fmt(nc_dict["w_norm"]), fmt(nc_dict["h_norm"]),
            fmt(nc_dict['w_cos_avg']),  # mean cosine of each class vector of the head with the others
            fmt(nc_dict["wh_cos"])))
        if (epoch + 1) % (every * 5) == 0:
            out = os.path.join(self.args.root_model, self.args.store_name, f"analysis{epoch}.pkl")
            with open(out, "wb") as fh:
                pickle.dump(nc_dict, fh)
