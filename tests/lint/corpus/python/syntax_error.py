# expect: COS301
import torch.nn.functional as F
W = model.lm_head.weight
sim = F.cosine_similarity(model.lm_head.weight[1], model.lm_head.weight[2], dim=0)  # expect: COS101
def broken(:
    pass
