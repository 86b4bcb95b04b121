# Synthetic rewrite of the shape of whitejeep600/fake_news_adversarial_attack:src/metrics.py at 7af0ba2ed5f56131a8b23b8d62e2be6302ffd660 (licence NOASSERTION); not the original text.
from copy import copy

import torch
from nltk import pos_tag, word_tokenize
from sentence_transformers import SentenceTransformer


class MeaningPreservationScorer:
    def __init__(self, encoder_name: str, device: str):
        self.encoder = SentenceTransformer(encoder_name)
        self.encoder.to(device)
        self.pieces: list[list[str]] = []
        self.piece_vectors = []
        self.reference_vector = None

    def _tags(self, words):
        return [tag for _, tag in pos_tag(word_tokenize("".join(words)))]

    def load_reference(self, pieces: list[list[str]]):
        self.pieces = pieces
        self.piece_vectors = [self.encoder.encode("".join(p), convert_to_tensor=True) for p in pieces]
        self.reference_vector = self.encoder.encode("".join(sum(pieces, [])), convert_to_tensor=True)

    def swap_score(self, piece_idx: int, word_idx: int, candidate: str) -> float:
        changed = copy(self.pieces[piece_idx])
        changed[word_idx] = candidate
        if self._tags(changed) != self._tags(self.pieces[piece_idx]):
            return 0.0
        new_vec = self.encoder.encode("".join(changed), convert_to_tensor=True)
        return torch.cosine_similarity(self.piece_vectors[piece_idx], new_vec, dim=0).item()

    def against_reference(self, text: str) -> float:
        vec = self.encoder.encode(text, convert_to_tensor=True)
        return torch.cosine_similarity(self.reference_vector, vec, dim=0).item()
