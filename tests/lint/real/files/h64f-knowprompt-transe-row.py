# Synthetic rewrite of the shape of zjunlp/KnowPrompt:lit_models/transformer.py at 5f1ce468c33d9d8f4067a3edd70bbf810bc5fff4 (licence MIT); not the original text.
import random

import torch
import torch.nn.functional as F


# A margin-softmax head once lived here, kept disabled:
# class MarginCosineLoss(nn.Module):
#     def forward(self, feats, target):
#         feats = F.normalize(feats, dim=1)
#         w = F.normalize(self.proj.weight, dim=1)
#         cos = feats @ w.T
#         return F.cross_entropy(self.scale * (cos - self.margin * one_hot(target)), target)


def mean_span(states, start, end):
    return states[start:end].mean(dim=0)


def structured_relation_loss(mlm, tokenizer, hidden, spans, gold, first_rel_id, input_ids, gamma=0.3):
    """TransE-style constraint: subject + relation ~ object, in the MLM's output space.

    hidden: [batch, seq, dim] last-layer states; spans: (s0, s1, o0, o1) per example.
    """
    batch = hidden.size(0)
    subj, obj, fake_subj, fake_obj = [], [], [], []
    for b in range(batch):
        s0, s1, o0, o1 = spans[b]
        subj.append(mean_span(hidden[b], s0, s1))
        obj.append(mean_span(hidden[b], o0, o1))
        a = random.randint(1, hidden.size(1) - 6)
        c = random.randint(1, hidden.size(1) - 6)
        fake_subj.append(mean_span(hidden[b], a, a + random.randint(1, 5)))
        fake_obj.append(mean_span(hidden[b], c, c + random.randint(1, 5)))
    subj, obj = torch.stack(subj), torch.stack(obj)
    fake_subj, fake_obj = torch.stack(fake_subj), torch.stack(fake_obj)

    where = (input_ids == tokenizer.mask_token_id).nonzero(as_tuple=True)[1]
    rel_at_mask = hidden[torch.arange(batch), where]
    rel_row = mlm.get_output_embeddings().weight[gold + first_rel_id]

    pos_dist = torch.linalg.vector_norm(subj + rel_at_mask - obj) / batch
    neg_dist = torch.linalg.vector_norm(fake_subj + rel_row - fake_obj) / batch
    return -F.logsigmoid(gamma - pos_dist) - F.logsigmoid(neg_dist - gamma)
