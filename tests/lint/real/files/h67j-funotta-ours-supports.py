# Synthetic rewrite of the shape of Casperqian/FunOTTA:domainbed/adapt_algorithms.py at 22d74b4ea02df2835ce1c432e92ac00a9db69ae6 (licence NOASSERTION); not the original text.
import torch
import torch.nn.functional as F


def entropy_of(logits):
    p = logits.softmax(-1)
    return -(p * logits.log_softmax(-1)).sum(-1)


class OnlineSupportAdapter(torch.nn.Module):
    """Test-time adapter whose memory bank starts from the trained linear head."""

    def __init__(self, backbone, head, n_classes, keep_per_class=20, top_r=5):
        super().__init__()
        self.backbone = backbone
        self.head = head  # nn.Linear trained with softmax cross-entropy
        self.n_classes = n_classes
        self.keep_per_class = keep_per_class
        self.top_r = top_r

        # seed the bank with the rows of the classifier weight matrix
        seed_bank = self.head.weight.data.clone()
        seed_logits = self.head(seed_bank)
        self.bank = seed_bank
        self.bank_onehot = F.one_hot(seed_logits.argmax(1), n_classes).float()
        self.bank_ent = entropy_of(seed_logits)

    @staticmethod
    def cos_dist(a, b):
        a = F.normalize(a, dim=1)
        b = F.normalize(b, dim=1)
        return (a * a).sum(1, keepdim=True) + (b * b).sum(1) - 2 * a @ b.t()

    def prune(self):
        pred = self.bank_onehot.argmax(1)
        keep = []
        for c in range(self.n_classes):
            idx = (pred == c).nonzero(as_tuple=True)[0]
            order = self.bank_ent[idx].argsort()
            keep.append(idx[order][: self.keep_per_class])
        keep = torch.cat(keep)
        return self.bank[keep], self.bank_onehot[keep]

    @torch.no_grad()
    def forward(self, x, adapt=True):
        feats = self.backbone(x)
        if adapt:
            logits = self.head(feats)
            self.bank = torch.cat([self.bank, feats])
            self.bank_onehot = torch.cat(
                [self.bank_onehot, F.one_hot(logits.argmax(1), self.n_classes).float()])
            self.bank_ent = torch.cat([self.bank_ent, entropy_of(logits)])
        bank, onehot = self.prune()

        # neighbours of each test feature among the (head-seeded) bank, by cosine distance
        d = self.cos_dist(feats, bank)
        affinity = torch.exp(-d)
        r = min(self.top_r, int(onehot.sum(0).min()))
        _, nn_idx = affinity.topk(r, dim=1)
        mask = torch.zeros_like(affinity).scatter_(1, nn_idx, 1.0)
        votes = mask @ onehot
        return votes / (votes.sum(1, keepdim=True) + 1e-12)
