# cosaudit corpus, synthetic file: same shape as Dugehude/CRT/CRLoss/classRelationships.py at 2688da2226007ea61a47749ac8e7470549dce5d2 (licence NOASSERTION); new code, no text copied.
"""Class-relationship matrix for source-free adaptation, initialised from the source classifier."""
import torch


def relation_from_classifier(args, head):
    if args.layer == "wn":
        w = head.fc.weight_g * head.fc.weight_v / torch.norm(head.fc.weight_v)
    else:
        w = head.fc.weight
    rows = torch.cat((w.detach().cpu(), head.fc.bias.detach().cpu().unsqueeze(-1)), dim=1)
    rows = rows / rows.pow(2).sum(dim=1).sqrt().reshape(args.class_num, 1)
    return rows @ rows.T


class ClassRelation:
    def __init__(self, args, head=None):
        if args.init_C and head is not None:
            self.C = relation_from_classifier(args, head)
        else:
            self.C = torch.eye(args.class_num)
        self.C_feat = None
        self.C_label = None
        self.lamda = args.lamda
        self.e = args.e

    def update(self):
        target = self.e * self.C_label + (1 - self.e) * self.C_feat
        self.C = self.lamda * self.C + (1 - self.lamda) * target

    def set_label_relation(self, probs):
        p = probs / probs.pow(2).sum(dim=0).sqrt()
        self.C_label = p.T @ p

    def set_feature_relation(self, c_feat):
        self.C_feat = c_feat
