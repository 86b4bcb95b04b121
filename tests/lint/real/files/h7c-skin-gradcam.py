# cosaudit corpus, synthetic file: same shape as AndyVal0611/SkinDevApp/gradcam_layer_study.py at af8e248bdd939a2db1b385847ca7545e94dc11c0 (licence NOASSERTION); new code, no text copied.
"""Diagnostic: are the per-class saliency maps of the lesion classifier distinct, and which target layer
gives the most separable maps? Read-only."""
import argparse
import glob

import numpy as np
import tensorflow as tf

import saliency_service as S

ap = argparse.ArgumentParser()
ap.add_argument("--model", default="lesion_best.keras")
ap.add_argument("--images", required=True)
args = ap.parse_args()

net = tf.keras.models.load_model(args.model, compile=False)
explainer = S.GradCamPP(net, "Conv_1")

K = explainer.output_dense.kernel.numpy()               # (1280, n_classes)
Kn = K / np.linalg.norm(K, axis=0, keepdims=True)
print("cosine between class weight columns of the output Dense:")
print(np.round(Kn.T @ Kn, 3))


def corr(a, b):
    a = a.ravel() - a.mean()
    b = b.ravel() - b.mean()
    return float((a * b).sum() / np.sqrt((a * a).sum() * (b * b).sum()))


for layer in ["Conv_1", "out_relu", "block_13_expand_relu"]:
    explainer.set_layer(layer)
    scores = []
    for path in sorted(glob.glob(args.images, recursive=True))[-10:]:
        x = S.preprocess(path)
        maps = [explainer.compute(x, class_index=c)[0] for c in range(K.shape[1])]
        scores.append(np.mean([corr(maps[i], maps[j]) for i in range(len(maps)) for j in range(i + 1, len(maps))]))
    print(layer, np.mean(scores))
