# Synthetic rewrite of the shape of pedrocg42/continual-music-classification:src/models/embedding_cosine_model.py at 792feeec7453c735ca41babeecbb3dab3970b8bc (licence MIT); not the original text.
import torch


class CentroidCosineMatcher:
    """Class-incremental music tagger that keeps one unit-length centroid per genre.

    New genres append a centroid computed from their (normalised) clip embeddings;
    a clip is scored against every stored centroid by cosine.
    """

    def __init__(self, encoder, device="cpu"):
        self.encoder = encoder
        self.device = device
        self.centroids = torch.empty(0, encoder.output_size, device=device)

    @staticmethod
    def _unit(x):
        return x / torch.linalg.norm(x, dim=1, keepdim=True)

    def scores(self, clips):
        emb = self._unit(self.encoder(clips))
        return emb @ self.centroids.T

    def add_genres(self, clip_embeddings, genre_ids):
        unit = self._unit(clip_embeddings)
        for g in torch.unique(genre_ids):
            centre = unit[genre_ids == g].mean(dim=0, keepdim=True)
            self.centroids = torch.cat([self.centroids, centre.to(self.device)])
