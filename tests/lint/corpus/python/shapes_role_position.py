# expect: COS301
"""Heads recognised by their place in the model: the last Linear layer kept by a loop over a
model's modules (forwards without a break, or backwards with one), the last item of a list of a
model's Linear layers, Keras' last layer (`get_layer(index=-1)`, `layers[-1].weights[0]`), the
last Flax layer's key in `params["params"]`. The look-alikes stay quiet: an orthogonality
regulariser over every Linear layer, the first Linear layer (a break without `reversed`), the last
convolution, the first item of the list.

Shapes seen in public training and analysis code; written for cosaudit's tests.
"""
import jax.numpy as jnp
import torch
import torch.nn as nn
import torch.nn.functional as F
from sklearn.metrics.pairwise import cosine_similarity
from tensorflow import keras
import tensorflow as tf

teacher = torch.load("teacher.pt")
last = None
for m in teacher.modules():
    if isinstance(m, nn.Linear):
        last = m
Wl = F.normalize(last.weight.detach(), dim=1)
teacher_sim = Wl @ Wl.T  # expect: COS101

for name, mod in reversed(list(teacher.named_modules())):
    if isinstance(mod, (nn.Linear,)):
        final = mod
        break
print(F.cosine_similarity(final.weight[0], final.weight[1], dim=0))  # expect: COS101

linears = [m for m in teacher.modules() if isinstance(m, nn.Linear)]
print(cosine_similarity(linears[-1].weight.detach().numpy()))  # expect: COS101

keras_model = keras.models.load_model("model.h5")
out_w = keras_model.get_layer(index=-1).get_weights()[0]
print(cosine_similarity(out_w.T))  # expect: COS101
print(cosine_similarity(keras_model.layers[-1].weights[0].numpy().T))  # expect: COS101
kernel, bias = keras_model.layers[-1].get_weights()
kernel_n = tf.math.l2_normalize(kernel, axis=0)
print(tf.matmul(kernel_n, kernel_n, transpose_a=True))  # expect: COS101
first_kernel, first_bias = keras_model.layers[0].get_weights()
print(cosine_similarity(first_kernel.T))
# the whole model's weights in order: the last Dense kernel comes second to last, ahead of its bias
last_kernel = keras_model.get_weights()[-2]
print(cosine_similarity(last_kernel.T))  # expect: COS101
print(cosine_similarity(keras_model.trainable_weights[-2].numpy().T))  # expect: COS101
print(cosine_similarity(last_kernel))  # its rows are hidden dimensions: quiet

params = restore("ckpt")
last_key = sorted(params["params"].keys())[-1]
kernel = params["params"][last_key]["kernel"]
unit = kernel / jnp.linalg.norm(kernel, axis=0, keepdims=True)
print(unit.T @ unit)  # expect: COS101

# quiet: a regulariser over every Linear layer, the first Linear layer, the last convolution
reg = 0.0
for m in teacher.modules():
    if isinstance(m, nn.Linear):
        W = m.weight
        reg = reg + ((W @ W.T) - torch.eye(W.shape[0])).norm()
for m in teacher.modules():
    if isinstance(m, nn.Linear):
        first = m
        break
print(F.cosine_similarity(first.weight[0], first.weight[1], dim=0))
for m in teacher.modules():
    if isinstance(m, nn.Conv2d):
        last_conv = m
C = last_conv.weight.flatten(1)
print(F.cosine_similarity(C[0], C[1], dim=0))
print(cosine_similarity(linears[0].weight.detach().numpy()))
