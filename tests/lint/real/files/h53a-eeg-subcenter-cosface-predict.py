# Synthetic rewrite of the shape of HamadaMayu/eeg-classifier:inference/predict.py at 283fc490d7e481bbe1555cbc9f4598cfe2d2c82b (licence NOASSERTION); not the original text.
"""Score the held-out EEG trials with a sub-centre CosFace head and save the logits."""
import numpy as np
import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from model.subcenter_cosface import SubCenterCosFace, EEGConformer_SubCosFace


@torch.no_grad()
def cosface_logits(net, loader, device="cuda"):
    net.eval()
    n_cls = net.classifier.num_classes
    n_sub = net.classifier.K
    chunks = []
    for eeg, subject in loader:
        _, emb = net.backbone(eeg.to(device), subject.to(device), return_feat=True)
        feat_n = F.normalize(emb, dim=-1)
        W_n = F.normalize(net.classifier.weight, dim=-1)
        # the head is trained on these cosines; each class keeps its best sub-centre
        cos_all = feat_n @ W_n.t()
        per_class = cos_all.view(len(cos_all), n_cls, n_sub).amax(dim=2)
        scale = getattr(net.classifier, "scale", 1.0)
        chunks.append((per_class * scale).cpu())
    return torch.cat(chunks).numpy()


def run(backbone, test_set, ckpt_path):
    head = SubCenterCosFace(in_dim=768, num_classes=5, K=6, s=20.0, m=0.25, learn_scale=True)
    net = EEGConformer_SubCosFace(backbone, head).cuda()
    net.load_state_dict(torch.load(ckpt_path)["model"])
    scores = cosface_logits(net, DataLoader(test_set, batch_size=256))
    np.save("submission.npy", scores)
