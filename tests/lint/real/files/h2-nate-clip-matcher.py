# cosaudit corpus, synthetic file: same shape as nate-daba/mi-neural-collapse/src/utils/CLIP_matcher.py at 90233429f68fc557d0f0f6bfb10d39c167bdda63 (licence NOASSERTION); new code, no text copied.
import numpy as np
import torch
from sklearn.neighbors import NearestNeighbors


class ClipMatcher:
    def __init__(self, clip_model, resize):
        self.model = clip_model
        self.resize = resize
        self.per_class = {}

    @torch.no_grad()
    def encode(self, loader):
        out = []
        for images, _ in loader:
            images = (images + 1) / 2 if images.min() < 0 else images
            feats = self.model.encode_image(self.resize(images))
            out.append((feats / feats.norm(dim=1, keepdim=True)).cpu().numpy())
        return np.concatenate(out)

    def fit(self, loaders_by_class):
        for label, loader in loaders_by_class.items():
            emb = self.encode(loader)
            index = NearestNeighbors(n_neighbors=1, algorithm="brute", metric="cosine")
            self.per_class[label] = index.fit(emb)
