# cosaudit corpus, synthetic file: same shape as TsingZ0/PFLlib/system/flcore/servers/servercross.py at d832e76f6a23b833038949ec1e4fdefe63a4d350 (licence Apache-2.0); new code, no text copied.
"""FedCross: each uploaded model is aggregated with a collaborator chosen by
how similar the two clients' parameters are."""
import copy

import torch
import torch.nn.functional as F

from flcore.clients.clientcross import clientCross
from flcore.servers.serverbase import Server


class FedCross(Server):
    def __init__(self, args, times):
        super().__init__(args, times)
        self.set_clients(clientCross)
        self.alpha = args.fedcross_alpha

    def similarity_table(self, states):
        n = len(states)
        table = torch.zeros(n, n)
        total = 0.0
        for a in range(n):
            for b in range(a + 1, n):
                s = 0.0
                chunk_a, chunk_b = [], []
                for i, name in enumerate(states[a].keys()):
                    chunk_a.append(states[a][name].flatten())
                    chunk_b.append(states[b][name].flatten())
                    if i % 2 == 1:
                        s += F.cosine_similarity(torch.cat(chunk_a), torch.cat(chunk_b), dim=0)
                        chunk_a, chunk_b = [], []
                if chunk_a:
                    s += F.cosine_similarity(torch.cat(chunk_a), torch.cat(chunk_b), dim=0)
                table[a, b] = table[b, a] = s
                total += float(s)
        pairs = n * (n - 1) / 2
        scale = len(states[0]) / 5 + 1.0
        return table, total / (scale * pairs)

    def cross_aggregate(self, states, table):
        merged = []
        for a, st in enumerate(states):
            partner = int(torch.argmin(table[a] + torch.eye(len(states))[a] * 1e9))
            out = copy.deepcopy(st)
            for name in out:
                out[name] = self.alpha * st[name] + (1 - self.alpha) * states[partner][name]
            merged.append(out)
        return merged
