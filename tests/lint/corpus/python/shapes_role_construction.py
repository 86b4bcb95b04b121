"""Heads recognised by how they are built, whatever they are called: a Linear whose output size
counts the classes (`num_classes`, `len(class_names)`, `config.num_labels`, `vocab_size`), a
Linear named as the readout, Flax `nn.Dense(self.num_classes, name=...)` and an unnamed one
(`Dense_1`), Keras `Dense(k, activation="softmax")`, an `nn.Sequential` ending in such a layer.
Beside them the look-alikes that stay quiet: a hidden projection, an input embedding sized by the
vocabulary, a label-conditioning layer that takes the classes as input, a cosine classifier whose
forward pass normalises its rows, a logit lens, differences of rows, rows against class means.

Shapes seen in public training and analysis code; written for cosaudit's tests.
"""
import flax.linen as fnn
import numpy as np
import jax.numpy as jnp
import torch
import torch.nn as nn
import torch.nn.functional as F
from sklearn.metrics.pairwise import cosine_similarity
from tensorflow.keras import layers


class Net(nn.Module):
    def __init__(self, num_classes=10, class_names=(), config=None):
        super().__init__()
        self.body = nn.Linear(784, 256)
        self.proj = nn.Linear(256, 256)
        self.fc3 = nn.Linear(256, num_classes)
        self.clf = nn.Linear(256, len(class_names))
        self.score_layer = nn.Linear(config.hidden_size, config.num_labels)
        self.readout = nn.Linear(256, 50, bias=False)
        self.tok = nn.Embedding(config.vocab_size, 256)
        self.label_in = nn.Linear(num_classes, 256)
        self.mlp = nn.Sequential(nn.Linear(256, 128), nn.ReLU(), nn.Linear(128, num_classes))

    def forward(self, x):
        return self.fc3(F.relu(self.body(x)))


net = Net()
W = net.fc3.weight.detach()
sim = F.cosine_similarity(W[0], W[1], dim=0)  # expect: COS101
gram = net.clf.weight @ net.clf.weight.T  # expect: COS102
sd = torch.load("ckpt.pt")
rows = F.normalize(sd["score_layer.weight"], dim=-1)
pairwise = rows @ rows.T  # expect: COS101
R = net.readout.weight
R = R / R.norm(dim=-1, keepdim=True)
print(R[3] @ R[7])  # expect: COS101
last = net.mlp[-1].weight
print(F.cosine_similarity(last[0], last[2], dim=0))  # expect: COS101

# quiet: a hidden projection, input embeddings, a layer that takes the classes as input
P = net.proj.weight
print(F.cosine_similarity(P[0], P[1], dim=0))
E = net.tok.weight
print(F.cosine_similarity(E[5], E[9], dim=0))
L = net.label_in.weight
print(F.cosine_similarity(L[0], L[1], dim=0))
# quiet: a logit lens, a difference of rows, rows against class means
hidden = torch.randn(4, 256)
logits = hidden @ net.fc3.weight.T
direction = net.fc3.weight[2] - net.fc3.weight[5]
class_means = torch.randn(10, 256)
nc3 = F.cosine_similarity(net.fc3.weight, class_means, dim=1)


class Classifier(fnn.Module):
    num_classes: int

    @fnn.compact
    def __call__(self, x):
        x = fnn.relu(fnn.Dense(128)(x))
        x = fnn.relu(fnn.Dense(64)(x))
        return fnn.Dense(features=self.num_classes)(x)


class Tagger(fnn.Module):
    n_labels: int

    @fnn.compact
    def __call__(self, x):
        return fnn.Dense(self.n_labels, name="tag_out")(fnn.Dense(32, name="hidden")(x))


params = Classifier(10).init(None, jnp.ones((1, 8)))
kernel = params["params"]["Dense_2"]["kernel"]
unit = kernel / jnp.linalg.norm(kernel, axis=0, keepdims=True)
cos = unit.T @ unit  # expect: COS101
tags = Tagger(5).init(None, jnp.ones((1, 8)))["params"]
print(cosine_similarity(tags["tag_out"]["kernel"].T))  # expect: COS101
hid = tags["hidden"]["kernel"]
print(cosine_similarity(hid.T))

probs_layer = layers.Dense(7, activation="softmax", name="probs")
keras_model = build(probs_layer)
Wk = keras_model.get_layer("probs").get_weights()[0]
print(cosine_similarity(Wk.T))  # expect: COS101
print(cosine_similarity(probs_layer.kernel.numpy().T))  # expect: COS101
Wh = keras_model.get_layer("dense_1").get_weights()[0]
print(cosine_similarity(Wh.T))


class CosineHead(nn.Module):
    def __init__(self, dim, num_classes):
        super().__init__()
        self.prototypes = nn.Linear(dim, num_classes, bias=False)

    def forward(self, x):
        return 16.0 * F.linear(F.normalize(x), F.normalize(self.prototypes.weight))


head = CosineHead(64, 10)
Wc = F.normalize(head.prototypes.weight, dim=1)
print(Wc @ Wc.T)


# Keras' functional API names the output layer; a VGG classifier's last layer replaced
inputs = keras_input(32)
outputs = layers.Dense(10, activation="softmax", name="preds")(layers.Dense(64, name="feat")(inputs))
functional = build(outputs)
Wp = functional.get_layer("preds").get_weights()[0]
print(cosine_similarity(Wp.T))  # expect: COS101
Wf = functional.get_layer("feat").get_weights()[0]
print(cosine_similarity(Wf.T))
vgg = load_vgg()
vgg.classifier[6] = nn.Linear(4096, n_class)
Wv = vgg.classifier[6].weight
print(F.cosine_similarity(Wv[0], Wv[1], dim=0))  # expect: COS101
print(F.cosine_similarity(vgg.classifier[3].weight[0], vgg.classifier[3].weight[1], dim=0))
eff_sd = efficientnet.state_dict()
print(F.cosine_similarity(eff_sd["classifier.1.weight"][0], eff_sd["classifier.1.weight"][1], dim=0))  # expect: COS101
vgg_params = dict(vgg.named_parameters())
print(F.cosine_similarity(vgg_params["classifier.6.weight"][0], vgg_params["classifier.6.weight"][1], dim=0))  # expect: COS101
print(F.cosine_similarity(vgg_params["classifier.0.weight"][0], vgg_params["classifier.0.weight"][1], dim=0))


# the constructed head found again by iterating the parameters under a test of its name
for pname, param in net.named_parameters():
    if pname == "fc3.weight":
        W3 = param.detach()
print(F.cosine_similarity(W3[0], W3[9], dim=0))  # expect: COS101
for pname, param in net.named_parameters():
    if pname == "proj.weight":
        Wq = param.detach()
print(F.cosine_similarity(Wq[0], Wq[9], dim=0))


# a trainable matrix made with one row (or column) per class; quiet: class centres, accumulators
class FixedHead(nn.Module):
    def __init__(self, num_classes, d):
        super().__init__()
        self.W = nn.Parameter(torch.randn(num_classes, d))
        self.centers = nn.Parameter(torch.randn(num_classes, d))
        self.sums = torch.zeros(num_classes, d)


fixed = FixedHead(10, 64)
Wfix = F.normalize(fixed.W, dim=1)
print(Wfix @ Wfix.T)  # expect: COS101
Ccen = F.normalize(fixed.centers, dim=1)
print(Ccen @ Ccen.T)
print(F.cosine_similarity(fixed.sums[0], fixed.sums[1], dim=0))
class_cols = torch.zeros(64, n_classes, requires_grad=True)
print(F.cosine_similarity(class_cols[:, 0], class_cols[:, 1], dim=0))  # expect: COS101
test_W = np.random.randn(n_classes, 64)
print(test_W @ test_W.T)
