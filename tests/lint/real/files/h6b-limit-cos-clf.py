# cosaudit corpus, synthetic file: same shape as zhoudw-zdw/TPAMI-Limit/models/limit/Network.py at f62a799336188e176b413ce67f4680f18cc8432f (licence NOASSERTION); new code, no text copied.
import torch
import torch.nn as nn
import torch.nn.functional as F


class EpisodeClassifier(nn.Module):
    """few-shot incremental learner: the class weights and the query go through self-attention together,
    and logits are a temperature-scaled cosine between the query and every (adapted) class weight"""

    def __init__(self, encoder, n_classes, dim, attn, temperature=16.0):
        super().__init__()
        self.encoder = encoder
        self.fc = nn.Linear(dim, n_classes, bias=False)
        self.attn = attn
        self.temperature = temperature

    def logits(self, query, protos, support_labels):
        keep = torch.ones(self.fc.out_features, device=query.device)
        keep[support_labels] = 0
        weights = self.fc.weight * keep[:, None]
        weights = weights.index_add(0, support_labels, protos)
        joint = torch.cat([weights.expand(query.shape[0], -1, -1), query[:, None]], dim=1)
        joint = self.attn(joint, joint, joint)
        weights, query = joint[:, :-1], joint[:, -1:]
        return self.temperature * F.cosine_similarity(query, weights, dim=-1)

    def forward(self, images, protos, support_labels):
        return self.logits(self.encoder(images), protos, support_labels)
