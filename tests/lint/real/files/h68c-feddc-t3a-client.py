# Synthetic rewrite of the shape of ycarobot/FedDC:algorithm/T3A.py at 1bc55b5d20d520d4800cb3cb102e14c0b9232d9f (licence MIT); not the original text.
import torch
import torch.nn.functional as F

from .Base import BaseClient


def entropy(logits):
    return -(logits.softmax(1) * logits.log_softmax(1)).sum(1)


class TemplateClient(BaseClient):
    """A federated client that adjusts the global head's templates on its own test stream."""

    def _prune(self):
        pred = self.bank_y.argmax(1)
        if self.top_k == -1:
            return
        keep = []
        idx = torch.arange(len(self.bank_h))
        for c in range(self.n_cls):
            order = torch.argsort(self.bank_h[pred == c])
            keep.append(idx[pred == c][order][: self.top_k])
        keep = torch.cat(keep)
        self.bank, self.bank_y, self.bank_h = self.bank[keep], self.bank_y[keep], self.bank_h[keep]

    def predict(self, x, adapt=False):
        z = self.encoder(x)
        if adapt:
            out = self.head(z)
            self.bank = torch.cat([self.bank.to(z.device), z])
            self.bank_y = torch.cat([self.bank_y.to(z.device), F.one_hot(out.argmax(1), self.n_cls).float()])
            self.bank_h = torch.cat([self.bank_h.to(z.device), entropy(out)])
        self._prune()
        proto = F.normalize(self.bank, dim=1).T @ self.bank_y
        return z @ F.normalize(proto, dim=0)

    def local_eval(self, global_model, args, split="test"):
        self.encoder = global_model.featurizer
        self.head = global_model.classifier
        self.n_cls = args.num_labels

        # start the support bank from the aggregated softmax head
        init_bank = self.head.weight.data
        init_out = self.head(init_bank)
        self.bank = init_bank.data
        self.bank_y = F.one_hot(init_out.argmax(1), self.n_cls).float()
        self.bank_h = entropy(init_out)
        self.top_k = args.t3p_filter_k

        n_seen, n_right = 0, 0
        for *xs, y in self.dataloaders[split]:
            xs = [x.to(self.device) for x in xs]
            y = y.to(self.device)
            with torch.no_grad():
                logits = self.predict(*xs, adapt=True)
            n_right += (logits.argmax(1) == y).sum().item()
            n_seen += len(y)
        return n_right / max(n_seen, 1), n_seen
