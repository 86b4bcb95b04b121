# Synthetic rewrite of the shape of tf63/ACMap:src/acmap/utils/inc_net.py at 8807d3d730277bf2c4906a7e04d586cdf3eba631 (licence MIT); not the original text.
import torch
import torch.nn.functional as F


class PrototypeHeadNet:
    """Pretrained backbone with swappable adapters and a classifier whose rows are class centroids."""

    def __init__(self, backbone, fc, out_dim, device):
        self.backbone, self.fc, self.out_dim, self.device = backbone, fc, out_dim, device
        self.source_centroids = []

    @torch.no_grad()
    def class_centroids(self, dataset, loader, adapter):
        feats, labels = [], []
        for _, images, y in loader:
            feats.append(self.backbone.forward_proto(images.to(self.device), adapter).cpu())
            labels.append(y)
        feats, labels = torch.cat(feats), torch.cat(labels)
        return torch.stack([feats[labels == c].mean(0) for c in sorted(set(dataset.labels))])

    def shift_old_centroids(self, current, per_adapter, block):
        moved = []
        for old, seen_by_adapter in zip(self.source_centroids, per_adapter):
            offset = current.mean(0) - seen_by_adapter.mean(0)
            moved.append(old + offset)
        lo, hi = self.out_dim * block, self.out_dim * (block + 1)
        self.fc.weight.data[: -current.shape[0], lo:hi] = torch.cat(moved).to(self.device)

    def adapter_agreement(self, dataset, loader, adapter_a, adapter_b):
        flat_a = self.class_centroids(dataset, loader, adapter_a).flatten()
        flat_b = self.class_centroids(dataset, loader, adapter_b).flatten()
        cosine_similarity = F.cosine_similarity(flat_a, flat_b, dim=0).item()
        return cosine_similarity
