# Synthetic rewrite of the shape of gist-ailab/basic-template-dl:classification/visualize/plot.py at bf38ace61f80540a12d42468dc1546e63cbf9cc1 (licence Apache-2.0); not the original text.
import numpy as np
import seaborn as sns
import matplotlib.pyplot as plt
import torch.nn as nn


def class_vector_similarity(net):
    """Pairwise cosine between the class rows of the network's last linear layer."""
    rows = net.fc.weight.detach().cpu().numpy()
    lengths = np.linalg.norm(rows, axis=1, keepdims=True)
    unit_rows = rows / lengths
    sim = unit_rows @ unit_rows.T
    return sim


def draw_similarity(sim, names=None, out_file="class_sim.png"):
    plt.figure()
    axis = sns.heatmap(sim, vmin=-1.0, vmax=1.0, center=0.0,
                       cmap=sns.diverging_palette(220, 20, n=256), square=True)
    if names is not None:
        axis.set_xticklabels(names, rotation=45, ha="right")
    plt.savefig(out_file)


class FeatureHooker:
    """Collects the outputs of every child module called 'attention'."""

    def __init__(self, net):
        self.net = net
        self.saved = []
        self.handles = []
        self._attach(net)

    def _attach(self, module):
        for child_name, child in module.named_children():
            if isinstance(child, nn.Sequential):
                self._attach(child)
                continue
            for sub_name, sub in child.named_children():
                if sub_name == "attention":
                    self.handles.append(sub.register_forward_hook(
                        lambda _m, _i, out: self.saved.append(out)))

    def run(self, batch):
        self.saved = []
        self.net(batch)
        return self.saved

    def detach(self):
        for h in self.handles:
            h.remove()


if __name__ == "__main__":
    import timm
    backbone = timm.create_model("resnet18", pretrained=True)
    draw_similarity(class_vector_similarity(backbone))
