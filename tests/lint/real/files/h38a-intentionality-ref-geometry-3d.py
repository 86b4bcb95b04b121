# Synthetic rewrite of the shape of entropicbloom/intentionality:gram_matrix_decoder/runs/visualize_reference_geometry.py at 055194029775cfaf60d34154bee08b936da69bb8 (licence NOASSERTION); not the original text.
"""Draw the averaged readout-unit cosine geometry of several trained MNIST MLPs in 3D."""

import sys
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import settings
from pipeline import template_geometry


def plot_template(variant=None):
    variant = variant or {"tag": "dropout", "family": "mlp_dropout", "untrained": False}
    suffix = "-init" if variant["untrained"] else ""
    ckpt_pattern = f"{variant['family']}-{settings.REF_DATA}{suffix}-h{settings.REF_WIDTH}/run-{{run}}"

    # template: mean over reference runs of the readout rows' cosine matrix
    G_ref, n_cls = template_geometry(
        runs=settings.REF_RUNS,
        ckpt_pattern=ckpt_pattern,
        root=settings.CKPT_ROOT,
        orderings=settings.ORDERINGS,
    )

    vals, vecs = np.linalg.eigh(G_ref)
    order = np.argsort(vals)[::-1]
    vals, vecs = vals[order], vecs[:, order]
    xyz = vecs[:, :3] * np.sqrt(np.clip(vals[:3], 0, None))

    fig = plt.figure(figsize=(10, 7))
    ax = fig.add_subplot(111, projection="3d")
    palette = plt.cm.tab10(np.linspace(0, 1, n_cls))
    for digit in range(n_cls):
        ax.scatter(*xyz[digit], color=palette[digit], s=90, label=f"digit {digit}")
        ax.text(*xyz[digit], f" {digit}", color=palette[digit], fontsize=11)
    ax.set_xticks([]); ax.set_yticks([]); ax.set_zticks([])
    ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1))

    share = vals[:3].sum() / vals.sum()
    print(f"top-3 share of the template spectrum: {share:.3f}")
    out = Path(__file__).with_name(f"template_geometry_{variant['tag']}.png")
    fig.savefig(out, dpi=200, bbox_inches="tight")
    return xyz, vals


if __name__ == "__main__":
    plot_template()
