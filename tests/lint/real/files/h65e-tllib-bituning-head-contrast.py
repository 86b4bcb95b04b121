# Synthetic rewrite of the shape of thuml/Transfer-Learning-Library:tllib/regularization/bi_tuning.py at c4aa59eb565650a552b809411601d0589efbbfe4 (licence MIT); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class BiTuningHead(nn.Module):
    """Fine-tuning with two contrastive terms: one on a projection, one on the classifier."""

    def __init__(self, query_net, key_net, n_classes, feat_dim, queue_len=16, temperature=0.07):
        super().__init__()
        self.q, self.k = query_net, key_net
        self.n_classes, self.queue_len, self.t = n_classes, queue_len, temperature
        self.register_buffer("bank_h", F.normalize(torch.randn(feat_dim + 1, n_classes, queue_len), dim=0))

    def classifier_contrast(self, h_query, labels):
        # bias appended as an extra column, then every class row is scaled to unit length
        w = torch.cat([self.q.head.weight.data, self.q.head.bias.data.unsqueeze(-1)], dim=1)
        w = F.normalize(w, dim=1)                                  # (C, F+1)
        cur = torch.einsum("nf,fc->nc", h_query, w.t())            # (N, C)
        bank = self.bank_h.flatten(1).t()                          # (C*K, F+1)
        bank_scores = torch.einsum("kf,fc->kc", bank, w.t()).reshape(self.n_classes, -1, self.n_classes)
        rows = []
        for i, c in enumerate(labels.tolist()):
            positive = bank_scores[c, :, c]
            negative = torch.cat([bank_scores[:c, :, c], bank_scores[c + 1:, :, c]]).reshape(-1)
            rows.append(torch.cat([cur[i:i + 1, c], positive, negative]))
        logits = torch.stack(rows) / self.t
        return F.log_softmax(logits, dim=1)

    def forward(self, x_q, x_k, labels):
        y_q, z_q, h_q = self.q(x_q)
        with torch.no_grad():
            _ = self.k(x_k)
        logp_y = self.classifier_contrast(h_q, labels)
        target = torch.zeros_like(logp_y)
        target[:, : self.queue_len + 1] = 1.0 / (self.queue_len + 1)
        return y_q, logp_y, target
