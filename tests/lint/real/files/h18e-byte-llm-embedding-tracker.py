# Synthetic rewrite of the shape of vukrosic/byte-llm-research:embedding_tracker.py at 68170cfbaecdb0456b7251ad19f9766c17cf2ab1 (licence NOASSERTION); not the original text.
"""Follow how the 256 byte vectors of a byte-level LM drift apart (or together) while it trains."""
import numpy as np
import torch
import torch.nn.functional as F


class ByteGeometryLog:
    def __init__(self, n_bytes=256):
        self.n_bytes = n_bytes
        self.snapshots = []  # (step, cosine-distance matrix)
        self.labels = [chr(b) if 32 <= b <= 126 else f"0x{b:02x}" for b in range(n_bytes)]

    @staticmethod
    def cosine_distance_matrix(table):
        embeddings_norm = F.normalize(table, p=2, dim=1)
        similarity = torch.mm(embeddings_norm, embeddings_norm.t())  # byte-by-byte cosine
        return 1.0 - similarity

    def record(self, net, step):
        with torch.no_grad():
            table = net.token_embedding.weight.detach().float().cpu()
            self.snapshots.append((step, self.cosine_distance_matrix(table).numpy()))

    def closest_pairs(self, k=10, which=-1):
        step, dist = self.snapshots[which]
        upper = np.triu(np.ones_like(dist, dtype=bool), k=1)
        flat = np.where(upper, dist, np.inf).ravel()
        best = np.argpartition(flat, k)[:k]
        rows, cols = np.unravel_index(best, dist.shape)
        return [(self.labels[r], self.labels[c], float(dist[r, c])) for r, c in zip(rows, cols)]

    def within_group_mean(self, members, which=-1):
        _, dist = self.snapshots[which]
        vals = [dist[a, b] for i, a in enumerate(members) for b in members[i + 1:]]
        return float(np.mean(vals))


def report(log):
    for a, b, d in log.closest_pairs():
        print(f"{a!r:>6} ~ {b!r:<6} cosine distance {d:.4f}")
    print("digits", log.within_group_mean(list(range(48, 58))))
    print("lowercase", log.within_group_mean(list(range(97, 123))))
