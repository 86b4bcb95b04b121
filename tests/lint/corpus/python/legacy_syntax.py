# expect: COS301
# Python 2 and Python 3.12 syntax in one script: still analysed on its syntax tree.
import torch
import torch.nn.functional as F
W = model.lm_head.weight
print "loaded", W.shape
try:
    s = F.cosine_similarity(W[1], W[2], dim=0)  # expect: COS101
except Exception, e:
    print e
ids = {"dog": 3, "cat": 7}
print(f"{ids["dog"]} vs {ids["cat"]}")
print "similarity:", F.cosine_similarity(W[ids["dog"]], W[ids["cat"]], dim=0)  # expect: COS101
G = W @ W.T  # expect: COS102
