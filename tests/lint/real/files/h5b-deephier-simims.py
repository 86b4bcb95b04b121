# cosaudit corpus, synthetic file: same shape as MatZar01/DeepHierarchy/show_sim_ims.py at c49d14bf89a889c0477f132f278a2d2bbbf6cb79 (licence MIT); new code, no text copied.
import numpy as np
import torch
from sklearn.metrics.pairwise import cosine_similarity


def headless(model):
    model.clf = torch.nn.Identity()
    return model


def rank_images(model, images, target_idx, source_idx, subtract_source=True):
    templates = model.clf.weight.detach().cpu().numpy()
    target_t, source_t = templates[target_idx], templates[source_idx]
    body = headless(model).eval()
    scores = []
    for img in images:
        f = body(img.unsqueeze(0)).squeeze().detach().cpu().numpy()
        s = cosine_similarity(f[None, :], target_t[None, :]).item()
        if subtract_source:
            s -= cosine_similarity(f[None, :], source_t[None, :]).item()
        scores.append(s)
    order = np.argsort(scores)
    return order[-2:], order[:2]
