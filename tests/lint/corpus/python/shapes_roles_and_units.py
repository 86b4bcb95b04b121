# expect: COS301
"""A head known by its use and a unit vector made by a helper: a matrix that turns features into
`logits_per_class` is the head, and a score that ranks features by their cosine with its rows is a
cosine lens; a Flax head kept as `params["unembed_kernel"]` compared column against column, and
its unit columns times unit decoder states, summed (each state's cosine with its target); a
steering vector normalised inside the helper that builds it, against one token's unit row. The
look-alikes stay quiet: the same helper's vector projected on a raw row, the raw product (each
target's logit), and a feature matrix that makes no logits.

Shapes seen in public out-of-distribution scoring and steering tutorials; written for cosaudit's tests.
"""
import torch
import torch.nn.functional as F
from src import utils


class TypicalMatching:
    def __init__(self, module):
        _, self.w, self.b = utils.get_model_and_last_layer(module)

    def fit(self, feats, labels):
        for c in labels.unique():
            logits_per_class = feats[labels == c] @ self.w.T + self.b
            self.correct = logits_per_class.argmax(1) == c

    def scores(self, loader):
        rows = self.w.T.unsqueeze(0).contiguous()
        out = []
        for x in loader:
            out.append(F.cosine_similarity(x.unsqueeze(2), rows, dim=1).amax(dim=1))  # expect: COS120
        return torch.cat(out)


unit_cols = F.normalize(params["unembed_kernel"], dim=0)
pair = unit_cols[:, 11] @ unit_cols[:, 12]  # expect: COS101
decode_unit = F.normalize(decode_h, dim=-1)
target_dirs = unit_cols[:, targets].T
target_align = (decode_unit * target_dirs).sum(-1)  # expect: COS120
target_logit = (decode_h * params["unembed_kernel"][:, targets].T).sum(-1)


def build_steering_vector():
    v = H_misaligned.mean(0) - H_secure.mean(0)
    return v / (v.norm() + 1e-8)


steer = build_steering_vector()
row = model.lm_head.weight[top_ids[0]]
unit_row = row / torch.norm(row)
alignment = steer @ unit_row  # expect: COS120

# look-alikes
boost = steer @ row
features = encoder(images)
feature_table = F.normalize(features, dim=1) @ F.normalize(features, dim=1).T
W_norm = F.normalize(net.fc.weight, dim=1)
M_ = class_feature_means - class_feature_means.mean(0)
M_norm = M_ / M_.norm(dim=1, keepdim=True)
self_duality = torch.sum(W_norm * M_norm, dim=1)
