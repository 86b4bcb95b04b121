# Synthetic rewrite of the shape of glbreeze/NC_contrastive:utils/measure_nc.py at 6a3d716aa26482b74b3554fa6ff0e75543b51dc9 (licence NOASSERTION); not the original text.
import numpy as np
import torch


def mean_offdiag(block, square=True):
    if square:
        return (block.sum(1) - np.diag(block)) / (block.shape[1] - 1)
    return block.sum(1) / block.shape[1]


def head_geometry(net, class_means, n_cls, split="step"):
    """class_means: [D, C], already centred by the global mean."""
    # the classifier is either a class-balanced head or the plain one, depending on the run
    uses_cb_head = any(mod_name == "fc_cb" for mod_name, _ in net.named_modules())
    head = net.fc_cb if uses_cb_head else net.fc
    W = head.weight.detach().T  # [D, C]

    W_norms = W.norm(dim=0)
    M_norms = class_means.norm(dim=0)
    stats = {"w_norm_cv": (W_norms.std() / W_norms.mean()).item()}

    # pairwise angles between the class vectors of the head
    W_nomarlized = W / W_norms
    w_cos = (W_nomarlized.T @ W_nomarlized).cpu().numpy()  # [C, C]
    stats["w_cos"] = w_cos
    stats["w_cos_avg"] = mean_offdiag(w_cos)

    # the same for the class means, and head against means
    M_unit = class_means / M_norms
    stats["h_cos_avg"] = mean_offdiag((M_unit.T @ M_unit).cpu().numpy())
    stats["wh_cos_avg"] = float(np.mean(np.diag((W_nomarlized.T @ M_unit).cpu().numpy())))

    if split == "step":  # first half: many-shot classes, second half: few-shot classes
        h = n_cls // 2
        stats["w_cos_major"] = mean_offdiag(w_cos[:h, :h]).mean()
        stats["w_cos_minor"] = mean_offdiag(w_cos[h:, h:]).mean()
        stats["w_cos_cross"] = mean_offdiag(w_cos[:h, h:], square=False).mean()
    return stats
