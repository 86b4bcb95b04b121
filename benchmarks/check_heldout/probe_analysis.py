# expect: COS301
"""Linear probes on layer 8: which concepts does the probe separate?"""
import torch
import torch.nn.functional as F
from scipy.stats import pearsonr

probe = torch.nn.Linear(768, 10)
probe.load_state_dict(torch.load("probe.pt", weights_only=True))
P = probe.weight.detach()
sim = F.cosine_similarity(P[:, None, :], P[None, :, :], dim=-1)  # expect: COS101

head = vit.heads.head.weight
class_sim = head @ head.T  # expect: COS102
confusion_rate = confusion.float() / confusion.sum(1, keepdim=True)
r, _ = pearsonr(class_sim.flatten(), confusion_rate.flatten())  # expect: COS104

# concept direction from contrast pairs, compared across layers: fine
concept = (acts_pos - acts_neg).mean(0)
layer_sim = F.cosine_similarity(concept, other_layer_concept, dim=0)
# word2vec baseline
w2v_sim = F.cosine_similarity(w2v["king"], w2v["queen"], dim=0)
