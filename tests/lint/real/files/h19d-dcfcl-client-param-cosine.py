# Synthetic rewrite of the shape of ydn3229/DCFCL:FCL/clients/aggerate.py at 23e94ea285f403edd68e493796959fdc16058a95 (licence MIT); not the original text.
import numpy as np
from sklearn.metrics.pairwise import cosine_similarity


def flat_params(client):
    """All parameters of a client's classifier network as one vector."""
    return np.concatenate([p.data.cpu().numpy().ravel() for p in client.model.classifier.parameters()])


class CoalitionServer:
    def __init__(self, clients, weight_term=0.5, cluster_only=False):
        self.clients = clients
        self.sw = weight_term
        self.cluster_only = cluster_only
        self.sim = None

    def client_similarity(self):
        n = len(self.clients)
        self.sim = np.zeros((n, n))
        for i in range(n):
            for j in range(i, n):
                d_i, d_j = self.clients[i].delta, self.clients[j].delta
                s_delta = cosine_similarity(d_i.reshape(1, -1), d_j.reshape(1, -1))[0][0]
                m_1_vector, m_2_vector = flat_params(self.clients[i]), flat_params(self.clients[j])
                similarity_vector = cosine_similarity(m_1_vector.reshape(1, -1), m_2_vector.reshape(1, -1))[0, 0]
                s = s_delta if self.cluster_only else s_delta + self.sw * similarity_vector
                self.sim[i, j] = self.sim[j, i] = s
        return self.sim

    def payoff(self, coalition, cid):
        """Cosine between client cid's update and the coalition's average update."""
        others = [c for c in coalition if c != cid]
        norms = {c: np.linalg.norm(self.clients[c].delta) for c in others}
        cross = sum(2 * norms[a] * norms[b] * self.sim[a][b]
                    for k, a in enumerate(others) for b in others[k + 1:])
        own = sum(norms[c] ** 2 for c in others)
        toward = sum(norms[c] * self.sim[c][cid] for c in others)
        return toward / (cross + own) ** 0.5

    def aggregate(self, coalition, global_model):
        total = sum(self.clients[c].n_train for c in coalition)
        for p in global_model.parameters():
            p.data.zero_()
        for c in coalition:
            w = self.clients[c].n_train / total
            for g, q in zip(global_model.parameters(), self.clients[c].model.parameters()):
                g.data += q.data.to(g.device) * w
        return global_model
