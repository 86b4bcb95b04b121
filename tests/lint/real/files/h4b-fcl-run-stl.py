# cosaudit corpus, synthetic file: same shape as MLSpeech/FixedClassificationLayer/run_stl.py at 726692866de42939fccdad5743ee5d347a1515fc (licence NOASSERTION); new code, no text copied.
import argparse
import numpy as np
import torch
import torch.nn.functional as F
from resnet import resnet18

p = argparse.ArgumentParser()
p.add_argument("--cosine", action="store_true", help="maximise cosine similarity instead of the dot product")
p.add_argument("--fixed", action="store_true", help="keep the class vectors at their random init")
p.add_argument("--s", type=float, default=1.0)
args = p.parse_args()

device = "cuda" if torch.cuda.is_available() else "cpu"
model = resnet18().to(device)                      # returns (unit feature, raw feature)
n_classes, dim = 10, 512
class_vecs = torch.randn(dim, n_classes, device=device, requires_grad=not args.fixed)
bias = torch.zeros(n_classes, device=device, requires_grad=True)


def logits(out, out_raw):
    if args.cosine:
        return out @ F.normalize(class_vecs, dim=0) * args.s + bias
    return out_raw @ class_vecs + bias


@torch.no_grad()
def evaluate(loader):
    right_angles, wrong_angles = [], []
    for x, y in loader:
        out, out_raw = model(x.to(device))
        unit_vecs = F.normalize(class_vecs, dim=0)
        best_cos = (out @ unit_vecs).max(1).values.cpu().numpy()
        pred = logits(out, out_raw).argmax(1).cpu()
        ok = (pred == y).numpy()
        right_angles += best_cos[ok].tolist()
        wrong_angles += best_cos[~ok].tolist()
    return np.mean(right_angles), np.mean(wrong_angles)
