# Synthetic rewrite of the shape of wangfugui002/CNN-DEMO:visualize_fc_weights.py at 7804d8e1b50b51abf3c67166f56b26bc33d7dac6 (licence NOASSERTION); not the original text.
"""Show what the last linear layer of a small digit CNN has learned.

Each of the ten output units owns one weight row over the flattened
feature maps; we fold every row back into map shape and draw it.
"""
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import matplotlib.pyplot as plt


class TinyDigitNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv2d(1, 16, 3, padding=1)
        self.c2 = nn.Conv2d(16, 32, 3, padding=1)
        self.pool = nn.MaxPool2d(2)
        self.out = nn.Linear(32 * 7 * 7, 10)

    def forward(self, x):
        x = self.pool(F.relu(self.c1(x)))
        x = self.pool(F.relu(self.c2(x)))
        return self.out(x.flatten(1))


def main(ckpt="digits.pt"):
    net = TinyDigitNet()
    net.load_state_dict(torch.load(ckpt, map_location="cpu"))
    net.eval()

    rows = net.out.weight.detach().numpy()      # (10, 1568): one row per digit
    offsets = net.out.bias.detach().numpy()
    print("head rows", rows.shape, "offsets", offsets.shape)

    lim = float(np.abs(rows).max())
    for digit in range(rows.shape[0]):
        maps = rows[digit].reshape(32, 7, 7)
        fig, grid = plt.subplots(2, 4, figsize=(9, 4))
        fig.suptitle(f"weights feeding digit {digit} (first 8 maps)")
        for k, ax in enumerate(grid.ravel()):
            ax.imshow(maps[k], cmap="seismic", vmin=-lim, vmax=lim)
            ax.set_axis_off()
        plt.show()

    # the whole head as one picture, a row per class
    plt.figure(figsize=(11, 5))
    plt.imshow(rows, aspect="auto", cmap="seismic", vmin=-lim, vmax=lim)
    plt.xlabel("flattened feature index")
    plt.ylabel("digit")
    plt.colorbar()
    plt.show()


if __name__ == "__main__":
    main()
