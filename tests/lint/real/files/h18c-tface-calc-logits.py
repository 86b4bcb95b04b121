# Synthetic rewrite of the shape of Tencent/TFace:recognition/torchkit/head/localfc/common.py at 9004edba43e27770b8915aa3d6c42b197e4886bb (licence NOASSERTION); not the original text.
import torch
import torch.nn.functional as F


def unit_rows(x, axis=1):
    return F.normalize(x, p=2, dim=axis)


def calc_logits(embeddings, kernel):
    """Cosine logits of a margin-softmax face head.

    `kernel` is (embedding_dim, num_identities); each column is one identity
    centre. Both sides are put on the unit sphere, so the product is the
    cosine that ArcFace/CosFace style losses then shift by a margin.
    """
    embeddings = unit_rows(embeddings, axis=1)
    kernel_norm = unit_rows(kernel, axis=0)
    cos_theta = torch.mm(embeddings, kernel_norm)
    cos_theta = cos_theta.clamp(-1.0, 1.0)
    with torch.no_grad():
        untouched = cos_theta.detach().clone()
    return cos_theta, untouched


class CosFaceHead(torch.nn.Module):
    def __init__(self, dim, n_ids, s=64.0, m=0.35):
        super().__init__()
        self.kernel = torch.nn.Parameter(torch.randn(dim, n_ids) * 0.01)
        self.s, self.m = s, m

    def forward(self, feats, labels):
        cos_theta, _ = calc_logits(feats, self.kernel)
        onehot = F.one_hot(labels, cos_theta.size(1)).to(cos_theta.dtype)
        return self.s * (cos_theta - self.m * onehot)
