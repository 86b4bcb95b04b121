"""Suppression comments in code."""
import torch.nn.functional as F

W = model.lm_head.weight
a = F.cosine_similarity(W[1], W[2], dim=0)  # cosaudit: ignore[COS101] -- reproduces figure 2 of the paper
b = F.cosine_similarity(W[3], W[4], dim=0)  # cosaudit: ignore[COS101]  # expect: COS302
logits = hidden @ W.T  # cosaudit: ignore[COS102] -- logit lens  # expect: COS303
c = F.cosine_similarity(W[5], W[6], dim=0)  # cosaudit: ignore[COS011] -- typo  # expect: COS101 COS304
# cosaudit: ignore[COS101] -- the next line is the paper's own counterexample
d = F.cosine_similarity(W[7], W[8], dim=0)
# cosaudit: ignore-file[COS301] -- this file only exercises suppressions
e = F.cosine_similarity(W[9], W[10], dim=0)  # cosaudit: ignore[cos101] lower-case code, still a reason
