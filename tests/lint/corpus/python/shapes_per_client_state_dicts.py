# expect: COS301
"""Written for cosaudit's tests: heads of several state dicts kept in one collection (federated
clients, checkpoints), read by a string key on an item picked by a variable."""
import torch
import torch.nn.functional as F


class Server:
    def update_affinity(self):
        # the same class's row across two clients' heads: two models compared
        for a, i in enumerate(self.selected):
            for j in self.selected[a + 1 :]:
                sim = torch.cosine_similarity(  # expect: COS140
                    self.client_params[i]["classifier.weight"],
                    self.client_params[j]["classifier.weight"],
                    dim=-1,
                ).mean()
                self.affinity[i, j] = self.affinity[j, i] = max(0.0, float(sim))


def class_gram(states, k):
    # one client's head, its rows against each other
    W = F.normalize(states[k]["fc.weight"], dim=1)
    return W @ W.T  # expect: COS101


def quiet_feature_drift(feats, i, j):
    # features of two clients, not a head
    return F.cosine_similarity(feats[i]["pooled"], feats[j]["pooled"], dim=-1)


def quiet_update_norm(states, i):
    # the size of one client's head, no comparison of rows
    return states[i]["classifier.weight"].norm()
