# cosaudit corpus, synthetic file: same shape as kevinyjn1/subliminal-steering/steering/steering_vector.py at 90f7a744198f509d8106baed6aeff4234acf65e2 (licence NOASSERTION); new code, no text copied.
import torch


def mean_difference(acts_pos, acts_neg, path=None):
    vec = acts_pos.mean(0) - acts_neg.mean(0)
    if path is not None:
        torch.save(vec, path)
    return vec
