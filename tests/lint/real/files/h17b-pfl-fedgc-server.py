# cosaudit corpus, synthetic file: same shape as TsingZ0/PFLlib/system/flcore/servers/servergc.py at d832e76f6a23b833038949ec1e4fdefe63a4d350 (licence Apache-2.0); new code, no text copied.
"""FedGC server: FedAvg on the bodies, plus a server-side contrastive step on
the client heads (each client head is a bias-free nn.Linear over the classes
that client holds)."""
import copy
from collections import defaultdict

import torch
import torch.nn as nn

from flcore.clients.clientgc import clientGC
from flcore.servers.serverbase import Server


def mean_rows(bank):
    return {c: torch.stack(v).mean(0) if len(v) > 1 else v[0] for c, v in bank.items()}


class FedGC(Server):
    def __init__(self, args, times):
        super().__init__(args, times)
        self.set_clients(clientGC)
        self.heads = [copy.deepcopy(c.model.head) for c in self.clients]
        self.head_opts = [torch.optim.SGD(h.parameters(), lr=args.local_learning_rate * args.lamda)
                          for h in self.heads]
        self.class_ids = [c.classes_index.clone() for c in self.clients]
        self.holders = defaultdict(list)
        for cid, ids in enumerate(self.class_ids):
            for row in range(len(ids)):
                self.holders[int(ids[row])].append(cid)
        self.others = {c: [k for k in range(self.num_clients) if k not in self.holders[c]]
                       for c in range(self.num_classes)}

    def receive_models(self):
        super().receive_models()
        for client in self.selected_clients:
            self.heads[client.id].weight.data = client.model.head.weight.data.clone()

    def head_contrast_step(self):
        bank = defaultdict(list)
        for head, ids in zip(self.heads, self.class_ids):
            for row, w in enumerate(head.weight.data):
                bank[int(ids[row])].append(w.clone())
        anchor = mean_rows(bank)
        loss = 0.0
        for head, ids in zip(self.heads, self.class_ids):
            for row in range(head.weight.size(0)):
                c = int(ids[row])
                pos = torch.exp(torch.dot(anchor[c], anchor[c]))
                neg = sum(torch.exp(self.heads[k](anchor[c])).sum() for k in self.others[c])
                loss = loss - torch.log(pos / (pos + neg))
        for opt in self.head_opts:
            opt.zero_grad()
        loss.backward()
        for opt in self.head_opts:
            opt.step()
        print("server head loss", float(loss))
