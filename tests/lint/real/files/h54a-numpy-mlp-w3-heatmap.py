# Synthetic rewrite of the shape of orangegoat123/CV-labs:visualize_weight.py at 00898c0c44ee63377e90dbbdc0ca2612b09f479b (licence NOASSERTION); not the original text.
"""Draw the three weight matrices of a NumPy three-layer CIFAR-10 net."""
import matplotlib.pyplot as plt
import numpy as np

from model import ThreeLayerNet


def draw_weights(net, out="weights.png"):
    fig, (a, b, c) = plt.subplots(1, 3, figsize=(18, 5))

    first = net.W1[:, :128].T                 # first 128 hidden units
    a.imshow(first, cmap="bwr", aspect="auto", vmin=-0.1, vmax=0.1)
    a.set_title("input -> hidden 1 (128 units)")

    middle = net.W2[:128, :128].T
    b.imshow(middle, cmap="bwr", aspect="auto", vmin=-0.05, vmax=0.05)
    b.set_title("hidden 1 -> hidden 2 (128 x 128)")

    head = net.W3.T                           # (10 classes, 512)
    im = c.imshow(head, cmap="bwr", aspect="auto", vmin=-0.02, vmax=0.02)
    c.set_yticks(range(10))
    c.set_xlabel("hidden 2 unit")
    c.set_ylabel("class")
    c.set_title("output layer, one row per class")
    fig.colorbar(im, ax=c, fraction=0.046)

    fig.tight_layout()
    fig.savefig(out, dpi=300)
    plt.close(fig)


if __name__ == "__main__":
    net = ThreeLayerNet()
    saved = np.load("best_model.npz")
    net.W1, net.W2, net.W3 = saved["W1"], saved["W2"], saved["W3"]
    draw_weights(net)
