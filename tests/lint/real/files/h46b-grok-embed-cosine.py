# Synthetic rewrite of the shape of soham-padia/grokking-operators:viz_addition.py at 1887b886c6bf9520a51ebc3eb9602e6690c900cf (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt


class ModAddNet(nn.Module):
    """Two-token encoder for (a + b) mod p; input table and readout are separate."""
    def __init__(self, p, width=128, heads=4, depth=1):
        super().__init__()
        self.tok_emb = nn.Embedding(p, width)
        self.pos_emb = nn.Parameter(torch.randn(1, 2, width) * 0.02)
        layer = nn.TransformerEncoderLayer(width, heads, 4 * width, batch_first=True, norm_first=True)
        self.body = nn.TransformerEncoder(layer, depth)
        self.norm = nn.LayerNorm(width)
        self.head = nn.Linear(width, p)

    def forward(self, pair):
        z = self.body(self.tok_emb(pair) + self.pos_emb)
        return self.head(self.norm(z[:, -1]))


def unit_gram(mat):
    unit = mat / (mat.norm(dim=1, keepdim=True) + 1e-12)
    return unit @ unit.T


def draw_number_similarity(net, path):
    table = net.tok_emb.weight.detach().cpu().float()
    grid = unit_gram(table).numpy()
    plt.figure()
    plt.imshow(grid, vmin=-1, vmax=1, aspect="auto")
    plt.title("number-token input vectors: pairwise cosine")
    plt.colorbar()
    plt.savefig(path, dpi=200)
    plt.close()
