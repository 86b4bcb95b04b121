# Synthetic rewrite of the shape of jonahmackey/dynamics_modification:src/neural_collapse.py at 51f286007648584e6eab8906520d6e9a03cc0e57 (licence NOASSERTION); not the original text.
"""Layer-by-layer NC1 (tr(Sw Sb^+)/C) of the CLS token inside a CLIP ViT image tower."""
import numpy as np
import torch
from scipy.sparse.linalg import svds


def cls_token_after(vit, images, depth):
    x = vit.conv1(images).flatten(2).transpose(1, 2)
    cls = vit.class_embedding.view(1, 1, -1).expand(x.shape[0], -1, -1).to(x.dtype)
    x = torch.cat([cls, x], dim=1) + vit.positional_embedding.to(x.dtype)
    x = vit.ln_pre(vit.patch_dropout(x)).permute(1, 0, 2)
    for block in vit.transformer.resblocks[:depth]:
        x = block(x)
    return x[0].detach().cpu()


@torch.no_grad()
def nc1_per_block(vit, loader, n_cls):
    vit.eval()
    scores = []
    for depth in range(1, len(vit.transformer.resblocks) + 1):
        sums, counts = [0.0] * n_cls, [0] * n_cls
        for imgs, ys in loader:
            h = cls_token_after(vit, imgs.cuda(), depth)
            for c in range(n_cls):
                sums[c] = sums[c] + h[ys == c].sum(0)
                counts[c] += int((ys == c).sum())
        M = torch.stack([s / n for s, n in zip(sums, counts)]).T      # (D, C)
        Sw = 0.0
        for imgs, ys in loader:
            h = cls_token_after(vit, imgs.cuda(), depth)
            for c in range(n_cls):
                q = h[ys == c] - M[:, c]
                Sw = Sw + q.T @ q
        Sw = (Sw / sum(counts)).numpy()
        M_ = M - M.mean(dim=1, keepdim=True)
        Sb = torch.matmul(M_, M_.T).numpy() / n_cls
        U, s, _ = svds(Sb, k=n_cls - 1)
        scores.append(np.trace(Sw @ (U @ np.diag(1.0 / s) @ U.T)) / n_cls)
    return scores
