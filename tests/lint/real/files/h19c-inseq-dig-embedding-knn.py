# Synthetic rewrite of the shape of inseq-team/inseq:inseq/attr/feat/ops/monotonic_path_builder.py at a269ee8fbc65f9079109856e0f995e39a6333a8b (licence Apache-2.0); not the original text.
import torch
from sklearn.neighbors import kneighbors_graph


def euclid(a: torch.Tensor, b: torch.Tensor) -> float:
    return float(torch.linalg.vector_norm(a - b))


class WordPathBuilder:
    """Discretised-IG helper: walk from an input word to a baseline word through nearby vocabulary entries."""

    def __init__(self, vocab_vectors: torch.Tensor, graph, special_ids=()):
        self.vocab = vocab_vectors          # the model's input token table, e.g. model.get_input_embeddings().weight
        self.graph = graph
        self.special_ids = set(special_ids)

    @staticmethod
    def neighbour_graph(vocab_vectors, k=50, mode="distance", n_jobs=-1):
        """k nearest tokens of every token, by Euclidean distance between table rows."""
        return kneighbors_graph(vocab_vectors, n_neighbors=k, mode=mode, n_jobs=n_jobs)

    @staticmethod
    def monotone(anchor, baseline, current, n_steps):
        lo, hi = torch.minimum(baseline, current), torch.maximum(baseline, current)
        out = anchor.clone()
        bad = (anchor < lo) | (anchor > hi)
        out[bad] = current[bad] - (current[bad] - baseline[bad]) / n_steps
        return out

    def next_word(self, word, baseline, path, n_steps=30):
        if word == baseline:
            return baseline
        candidates = [j for j in self.graph[word].tocoo().col if j not in path and j != baseline]
        if not candidates:
            return baseline
        scores = {}
        for j in candidates:
            moved = self.monotone(self.vocab[j], self.vocab[baseline], self.vocab[word], n_steps)
            scores[j] = euclid(self.vocab[j], moved)
        return min(scores, key=scores.get)

    def path(self, word, baseline, n_steps=30):
        if word in self.special_ids:
            return [word] * (n_steps - 1)
        out = [word]
        for _ in range(n_steps - 2):
            word = self.next_word(word, baseline, out, n_steps)
            out.append(word)
        return out
