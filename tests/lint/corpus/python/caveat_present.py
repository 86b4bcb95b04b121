"""Label-row cosines, reported with their caveat.

Cosines of unembeddings are not translation invariant: adding one vector to every row keeps the
probabilities. We show them only next to the identifiable differences of rows.
"""
import torch.nn.functional as F

W = model.lm_head.weight
raw = F.cosine_similarity(W[1], W[2], dim=0)  # expect: COS101
contrast = W[1] - W[2]
