# Synthetic rewrite of the shape of TLESORT/CL_Visualization:Plot/plot_logs.py at bcdfd514bc2f29f66a34c5dc54261236f8f70507 (licence NOASSERTION); not the original text.
import os
import pickle

import matplotlib.pyplot as plt
import numpy as np


def _unit(v):
    return v / np.linalg.norm(v)


def angle_between(a, b):
    """Angle in radians between two vectors."""
    return np.arccos(np.clip(np.dot(_unit(a), _unit(b)), -1.0, 1.0))


def output_layer_angle_maps(log_dir, fig_dir, method):
    # snapshots[t][-1] holds (weight, bias) of the output layer after task t
    with open(os.path.join(log_dir, f"{method}_weights.pkl"), "rb") as fh:
        snapshots = pickle.load(fh)

    n_cls = snapshots[0][0][0].shape[0]
    fig, axes = plt.subplots(1, len(snapshots), figsize=(3 * len(snapshots), 3))
    for t, snap in enumerate(snapshots):
        head_w = snap[-1][0]
        angles_mat = np.zeros((n_cls, n_cls))
        for j in range(n_cls):
            for k in range(n_cls):
                w_j, w_k = head_w[j, :], head_w[k, :]
                angles_mat[j][k] = angle_between(w_j, w_k)
        im = axes[t].imshow(angles_mat, vmin=0, vmax=np.pi, cmap="PuBu_r")
        fig.colorbar(im, ax=axes[t])
        axes[t].axis("off")
        axes[t].set_title("Init" if t == 0 else f"After task {t}")

    plt.title("Angles between output-layer class vectors")
    plt.savefig(os.path.join(fig_dir, f"{method}_output_angles.png"))
    plt.close()
