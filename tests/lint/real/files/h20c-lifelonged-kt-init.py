# Synthetic rewrite of the shape of Perfec-Yu/Lifelong-ED:models/nets.py at f1af49129dd6ed4ff545f84e680565cccdb5b55a (licence MIT); not the original text.
"""Seed the classifier rows of newly arriving event types from exemplars and from old-type rows."""
import math

import torch


class IncrementalTagger(torch.nn.Module):
    # self.classes: nn.Linear(hidden, max_types); slot 0 is the "no event" type

    @torch.no_grad()
    def seed_new_types(self, exemplars, counts, gamma=1.0, tau=1.0, alpha=0.5):
        self.eval()
        old = self.classes.weight[1:self.nslots]
        mean_len = old.norm(dim=1).mean()
        seeds, transfer = [], {}
        for type_id, feats in sorted(exemplars.items()):
            h = self.input_map(feats.to(self.device))
            scores = self.classes(h) + self.mask
            scores[:, 0] = 0.0
            probs = torch.softmax(scores * tau, dim=1)
            # exemplar directions rescaled to the typical row length
            rescaled = h / h.norm(dim=1, keepdim=True) * mean_len
            proto = (probs[:, :1] * rescaled).mean(dim=0)
            # knowledge from old types: their rows mixed by the predicted old-type probabilities
            knowledge = torch.matmul(probs[:, 1:self.nslots], self.classes.weight[1:self.nslots]).mean(dim=0)
            gate = alpha * math.exp(-counts[type_id] * gamma)
            noise = torch.randn_like(proto) * mean_len / math.sqrt(old.shape[1])
            seeds.append(gate * proto + gate * knowledge + (1.0 - gate) * noise)
            transfer[type_id] = probs.mean(dim=0).cpu()
        self.outputs["new2old"] = transfer
        return torch.stack(seeds).detach()
