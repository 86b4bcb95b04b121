# Synthetic rewrite of the shape of kaoshizhou/label-embedding:src/loss.py at 3d2dd9997c5ce49ce6d272883624e3a9c2907ea4 (licence NOASSERTION); not the original text.
# Patent-code matching: a shared text encoder embeds both the document and the
# written definition of each candidate code; label vectors are encoder outputs,
# never rows of a trained output layer.
import torch
import torch.nn as nn
import torch.nn.functional as F


class DefinitionEncoder(nn.Module):
    def __init__(self, backbone):
        super().__init__()
        self.backbone = backbone

    def forward(self, batch):
        pooled = self.backbone(**batch).pooler_output
        return F.normalize(pooled, p=2, dim=-1)


class CodeMatchingObjective(nn.Module):
    def __init__(self, tau=0.05, margin=0.2, weight=0.5, n_candidates=8):
        super().__init__()
        self.tau = tau
        self.margin = margin
        self.weight = weight
        self.n_candidates = n_candidates

    def forward(self, doc_vecs, code_vecs, bsz):
        # doc_vecs / code_vecs: (bsz * n_candidates, dim), first candidate is the gold code
        doc_vecs = doc_vecs.view(bsz, self.n_candidates, -1)
        code_vecs = code_vecs.view(bsz, self.n_candidates, -1)
        match = (doc_vecs * code_vecs).sum(-1) / self.tau
        nll = -F.log_softmax(match, dim=-1)[:, 0].mean()

        # keep the encoded definitions apart from each other
        pairwise = torch.matmul(code_vecs, code_vecs.transpose(1, 2))
        blocker = torch.eye(self.n_candidates, device=pairwise.device).expand(bsz, -1, -1) * 1e2
        closest = (pairwise - blocker).amax(dim=-1)
        spread = closest.clamp(min=self.margin).mean()
        return nll + self.weight * spread
