# Synthetic rewrite of the shape of sud0301/essentials_for_CIL:main_cifar.py at 50f7af3c6992ec3861e39cc0b8bab673d5f6c27d (licence NOASSERTION); not the original text.
import numpy as np
import torch
from PIL import Image

memory = []   # one array of stored images per seen class


def shrink_memory(per_class):
    for c, imgs in enumerate(memory):
        memory[c] = imgs[:per_class]


def build_class_memory(net, class_images, budget, tfm):
    """Herding-style selection around the unit-normalised mean feature of one class."""
    net.eval()
    feats = []
    with torch.no_grad():
        for arr in class_images:
            x = tfm(Image.fromarray(arr)).unsqueeze(0).cuda()
            f = net(x, return_feature=True).cpu().numpy()
            feats.append((f / np.linalg.norm(f))[0])
    feats = np.stack(feats)
    centre = feats.mean(axis=0)
    centre = centre / np.linalg.norm(centre)

    chosen, chosen_feats, gaps = [], [], []
    for k in range(int(budget)):
        running = np.sum(chosen_feats, axis=0) if chosen_feats else 0.0
        cand = (feats + running) / (k + 1)
        cand = cand / np.linalg.norm(cand)
        gap = np.sqrt(((centre - cand) ** 2).sum(axis=1))
        pick = np.random.randint(0, feats.shape[0])   # random pick, distance only recorded
        gaps.append(gap[pick])
        chosen.append(class_images[pick])
        chosen_feats.append(feats[pick])
        feats[pick, :] = 0.0
    order = np.argsort(np.array(gaps))
    memory.append(np.array(chosen)[order])
