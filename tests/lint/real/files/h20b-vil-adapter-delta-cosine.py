# Synthetic rewrite of the shape of KHU-AGI/VIL:engine.py at 825614c185cfe7401994fa80cab82cf34fe31ab3 (licence Apache-2.0); not the original text.
import torch


def flat_params(modules):
    return torch.cat([p.reshape(-1) for m in modules for p in m.parameters()])


class ShiftDecorrelation:
    """Push the current adapter update away from update directions of other task clusters."""

    def __init__(self, clusterer, past_updates, beta, device, normalise=True):
        self.clusterer, self.past_updates = clusterer, past_updates
        self.beta, self.device, self.normalise = beta, device, normalise

    def other_clusters(self, update):
        if self.clusterer.n_clusters == 1:
            return torch.tensor(self.past_updates, dtype=torch.float32, device=self.device)
        cid = self.clusterer.predict(update.unsqueeze(0).detach().cpu())[0]
        rest = self.past_updates[self.clusterer.labels_ != cid]
        return torch.tensor(rest, dtype=torch.float32, device=self.device)

    def distance_weights(self, update, others):
        d = torch.tensor([torch.norm(update - o, p=2).item() for o in others])
        return d / d.sum()

    def penalty(self, model, previous_flat):
        update = flat_params(model.get_adapter()) - previous_flat
        others = self.other_clusters(update)
        sim = 0.0
        for o, w in zip(others, self.distance_weights(update, others)):
            if self.normalise:
                sim += w * torch.matmul(update, o) / (torch.norm(update) * torch.norm(o))
            else:
                sim += w * torch.matmul(update, o)
        return self.beta * torch.abs(sim)
