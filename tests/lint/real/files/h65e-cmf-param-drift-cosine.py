# Synthetic rewrite of the shape of mariodoebler/test-time-adaptation:classification/methods/cmf.py at 8b2ed63255d906b6b0afaefc6ae630b9ec4bdaa1 (licence MIT); not the original text.
import copy

import torch
import torch.nn.functional as F


@torch.no_grad()
def drift_score(adapted, frozen, offset=0.99, scale=1e-4):
    """How far the adapted network has wandered from the frozen source copy."""
    per_tensor = []
    for p_new, p_old in zip(adapted.parameters(), frozen.parameters()):
        # every parameter tensor (backbone and head alike) flattened to one vector
        sim = F.cosine_similarity(p_old.data.reshape(-1), p_new.reshape(-1), dim=-1)
        per_tensor.append(sim)
    mean_sim = torch.stack(per_tensor).mean()
    return (offset - mean_sim) / scale


@torch.no_grad()
def blend(target, source, momentum):
    for p_t, p_s in zip(target.parameters(), source.parameters()):
        p_t.mul_(momentum).add_(p_s.detach(), alpha=1 - momentum)
    return target


class ContinualFilter:
    def __init__(self, net, alpha=0.99, gamma=0.99, q=0.005, debug=False):
        self.net = net
        self.source = copy.deepcopy(net)
        for p in self.source.parameters():
            p.detach_()
        self.latent = copy.deepcopy(net)
        self.alpha, self.gamma, self.q = alpha, gamma, q
        self.var = 0.0
        self.debug = debug

    @torch.no_grad()
    def step(self):
        recovered = blend(copy.deepcopy(self.latent), self.source, self.alpha)
        self.var = self.alpha ** 2 * self.var + self.q
        beta = min(max((1 - self.q) / (self.var + 1 - self.q), 0.89), 0.9999)
        self.var *= beta
        self.latent = blend(recovered, self.net, beta)
        blend(self.net, self.latent, self.gamma)
        if not self.debug:
            return None
        return {
            "target_drift": drift_score(self.net, self.source, offset=0.0, scale=1.0),
            "latent_drift": drift_score(self.latent, self.source, offset=0.0, scale=1.0),
        }

    def sample_weights(self, logits, running_probs):
        probs = logits.softmax(1)
        # diversity: cosine between the running mean prediction and each prediction
        diversity = 1 - F.cosine_similarity(running_probs.unsqueeze(0), probs, dim=1)
        diversity = (diversity - diversity.min()) / (diversity.max() - diversity.min())
        return diversity
