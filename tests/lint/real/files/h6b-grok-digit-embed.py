# cosaudit corpus, synthetic file: same shape as unixsysdev/grokking-fourier/addition_experiment/generate_compendium.py at 536610f0dac7858e6e33959b67a33f2a1f1c0c18 (licence NOASSERTION); new code, no text copied.
import matplotlib.pyplot as plt
import numpy as np
import seaborn as sns


def plot_digit_geometry(model, digit_ids, out_dir):
    """how the ten digits sit in the input embedding: a 2-D projection and their pairwise cosines"""
    emb = model.token_embed.weight[digit_ids].detach().cpu().numpy()   # input embedding table
    centred = emb - emb.mean(axis=0)
    u, s, _ = np.linalg.svd(centred, full_matrices=False)
    xy = u[:, :2] * s[:2]

    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 5))
    left.scatter(xy[:, 0], xy[:, 1])
    for d in range(10):
        left.annotate(str(d), xy[d])
    unit = emb / np.linalg.norm(emb, axis=1, keepdims=True)
    sims = unit @ unit.T
    sns.heatmap(sims, ax=right, center=0, annot=True, fmt=".2f")
    right.set_title("cosine between digit embeddings")
    fig.savefig(out_dir / "digits.png")


def plot_weight_images(model, out_dir):
    """raw pictures of a few weight matrices, the output projection included, to look for stripes"""
    mats = {"embedding": model.token_embed.weight, "readout": model.output_proj.weight}
    fig, axes = plt.subplots(1, len(mats))
    for ax, (name, w) in zip(axes, mats.items()):
        ax.imshow(w.detach().cpu().numpy()[:64, :64], cmap="RdBu_r")
        ax.set_title(name)
    fig.savefig(out_dir / "weights.png")
