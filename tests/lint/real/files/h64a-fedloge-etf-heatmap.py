# Synthetic rewrite of the shape of ZackZikaiXiao/FedLoGe:fedloge.py at f4cac5260b73236b1ec0afd855e7d0a6ccbeebbc (licence NOASSERTION); not the original text.
import matplotlib.pyplot as plt
import seaborn as sns
import torch
import torch.nn as nn

HEAD_KIND = "sparse-frame"   # sparse-frame / dropout-frame / plain


def make_global_head(backbone, frame_builder, show_geometry=False):
    d_in = backbone.linear.in_features
    n_out = backbone.linear.out_features
    head = nn.Linear(d_in, n_out)
    if HEAD_KIND == "sparse-frame":
        frame = frame_builder(d_in, n_out)            # d_in x n_out, column c = class c
        if show_geometry:
            lengths = frame.norm(dim=0)
            sim = torch.ones(n_out, n_out)
            for a in range(n_out):
                for b in range(n_out):
                    if a != b:
                        # cosine between the class vectors a and b of the head
                        sim[a, b] = (frame[:, a] @ frame[:, b]) / (lengths[a] * lengths[b])
            plt.figure(figsize=(9, 7))
            sns.heatmap(sim.detach().numpy(), cmap="viridis")
            ticks = list(range(0, n_out, 10))
            plt.xticks(ticks, [str(t) for t in ticks])
            plt.yticks(ticks, [str(t) for t in ticks])
            plt.xlabel("label")
            plt.ylabel("label")
            plt.savefig("head_class_cosines.pdf", dpi=300)
        head.weight.data = frame.t().contiguous()      # rows of the softmax head
    return head
