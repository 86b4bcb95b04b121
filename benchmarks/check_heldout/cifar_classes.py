# expect: COS301
import torch
import torch.nn.functional as F
import matplotlib.pyplot as plt
from scipy.cluster.hierarchy import dendrogram, linkage

net = ResNet18()
net.load_state_dict(torch.load("cifar_resnet18.pt", weights_only=True))
fc = net.linear.weight.detach()
Z = linkage(fc.numpy(), method="average", metric="cosine")  # expect: COS101 COS103
dendrogram(Z, labels=CLASSES)  # expect: COS103
plt.savefig("class_tree.png")

feats = net.layer4(x).mean((2, 3))
feat_sim = F.cosine_similarity(feats[0], feats[1], dim=0)
norm_per_class = fc.norm(dim=1)
w_diff = fc[3] - fc[5]
proj = feats @ w_diff
