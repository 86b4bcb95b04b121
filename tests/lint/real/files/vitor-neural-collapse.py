# cosaudit corpus, synthetic file: same shape as Vitor-OP/ood-neural-collapse-cifar100/neural_collapse.py at 24ccef7ad4e8c07f64882dcaabfb936c850bbcbd (licence NOASSERTION); new code, no text copied.
"""Neural-collapse figures for a CIFAR-100 checkpoint (NC1-NC3)."""
import matplotlib.pyplot as plt
import numpy as np

NUM_CLASSES = 100


def nc2_mean_cosines(class_means):
    """Pairwise cosines between centred class means; a simplex ETF gives -1/(C-1) off the diagonal."""
    centred = class_means - class_means.mean(axis=0)
    unit = centred / (np.linalg.norm(centred, axis=1, keepdims=True) + 1e-10)
    sim = unit @ unit.T
    iu = np.triu_indices(NUM_CLASSES, k=1)
    return sim, sim[iu]


def nc3_alignment(weights, class_means):
    """Cosine between each classifier row W[c] and its own class mean mu_c (self-duality)."""
    w_unit = weights / (np.linalg.norm(weights, axis=1, keepdims=True) + 1e-10)
    m_unit = class_means / (np.linalg.norm(class_means, axis=1, keepdims=True) + 1e-10)
    return (w_unit * m_unit).sum(axis=1)


def plot_all(weights, class_means, out_dir):
    _, off = nc2_mean_cosines(class_means)
    plt.hist(off, bins=60)
    plt.axvline(-1 / (NUM_CLASSES - 1), color="k")
    plt.xlabel("Pairwise cosine of centred class means")
    plt.savefig(f"{out_dir}/nc2_mean_cosine_similarities.png")
    plt.clf()
    plt.bar(range(NUM_CLASSES), nc3_alignment(weights, class_means))
    plt.ylabel("cos(W[c], mu_c)")
    plt.savefig(f"{out_dir}/nc3_weight_mean_alignment.png")
