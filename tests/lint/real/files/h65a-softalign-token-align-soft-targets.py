# Synthetic rewrite of the shape of MIR-MU/softalign_objectives:adaptor/new_objectives/token_bertscr_objective.py at e3350c7a503e048f3fe7116d8413e2209ecfe877 (licence MIT); not the original text.
# Soft-alignment objective for robust MT adaptation: instead of one-hot targets,
# every vocabulary piece gets a soft target from how close its averaged (decontextualised)
# embedding from an external BERTScore-style encoder lies to the reference tokens.
import torch
import torch.nn as nn


class TokenAlignSoftTargets(nn.Module):
    def __init__(self, piece_vectors, piece_counts):
        super().__init__()
        # piece_vectors: (vocab, d) mean contextual vectors of each sub-word, from the external encoder
        self.piece_vectors = nn.Parameter(piece_vectors, requires_grad=True)
        self.register_buffer("piece_counts", piece_counts)
        self.ce = nn.CrossEntropyLoss()

    def forward(self, lm_logits, reference_vectors):
        # keep only pieces that were ever seen in the reference corpus
        known = torch.nonzero(self.piece_counts > 0, as_tuple=True)[0]
        logits_known = lm_logits[..., known]
        vecs_known = self.piece_vectors[known]
        # distance of each known piece to its closest reference token vector
        nearest, _ = torch.cdist(vecs_known, reference_vectors).min(dim=-1)
        nearest = nearest / nearest.max(dim=-1).values
        targets = (1.0 - nearest).expand_as(logits_known)
        return self.ce(logits_known, targets)
