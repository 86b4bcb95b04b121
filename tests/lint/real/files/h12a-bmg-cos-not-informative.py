# cosaudit corpus, synthetic file: same shape as bemigini/cosine-sim-not-informative/cosine_not_informative.py at cf39c0822b71feb36304e7a5cac9ce413b9bdf48 (licence GPL-3.0-only); new code, no text copied.
"""Toy demonstrations: label cosines of a softmax classifier do not pin down its probabilities."""
import numpy as np
import matplotlib.pyplot as plt


def shifted_heads_demo():
    """Three heads that differ only by adding the same vector to every label row.
    They give identical class probabilities for every input, yet the cosine between
    labels 0 and 1 swings from positive to -1 to +1."""
    rng = np.random.default_rng(1)
    inputs = rng.standard_normal((500, 2))
    head = np.array([[1.0, 0.4], [0.4, 1.0], [-1.1, 0.3], [-0.7, -0.9], [0.8, -1.1]])

    def label_cos(h, i, j):
        return h[i] @ h[j] / (np.linalg.norm(h[i]) * np.linalg.norm(h[j]))

    shifts = [np.zeros(2), -(head[0] + head[1]) / 2, np.array([-2.0, -2.0]) - head[0]]
    fig, axes = plt.subplots(1, len(shifts), figsize=(12, 4))
    base_pred = np.argmax(inputs @ head.T, axis=1)
    for ax, s in zip(axes, shifts):
        moved = head + s
        logits = inputs @ moved.T
        # adding s to every row adds inputs @ s to every logit: the argmax and softmax are unchanged
        assert np.array_equal(np.argmax(logits, axis=1), base_pred)
        ax.scatter(moved[:, 0], moved[:, 1])
        ax.set_title(f"cos(0,1) = {label_cos(moved, 0, 1):.2f}")
    fig.tight_layout()
    return fig


if __name__ == "__main__":
    shifted_heads_demo()
    plt.show()
