# Synthetic rewrite of the shape of UniBester/AGE:criteria/orthogonal_loss.py at 0ced68c65233209dfcf0c91c85fd2b38b79fbfb6 (licence NOASSERTION); not the original text.
import torch
from torch import nn


class ClassDirectionOrthogonality(nn.Module):
    """Keep predicted editing directions orthogonal to stored per-class embeddings."""

    def __init__(self, opts, n_keep=6):
        super().__init__()
        per_class = torch.load(opts.class_embedding_path)          # {class name: (layers, dim)}
        self.B = torch.stack(list(per_class.values())).to(opts.device).permute(1, 2, 0)[:n_keep]
        self.n_keep = n_keep

    def forward(self, A):
        d = A.shape[-1]
        overlap = torch.matmul(A.transpose(1,2), self.B)          # raw inner products, no normalisation
        return overlap.abs().sum() / (d * self.B.shape[-1] * self.n_keep)
