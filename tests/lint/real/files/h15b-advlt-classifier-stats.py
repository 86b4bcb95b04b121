# cosaudit corpus, synthetic file: same shape as wutong16/Adversarial_Long-Tail/utils/statistics_tools.py at ab2f3a792aede2bd2a3e57657c787ec542165be1 (licence NOASSERTION); new code, no text copied.
"""Plots about the classifier of a long-tailed, adversarially trained CIFAR-10 model."""
import os

import numpy as np
import seaborn as sns
from matplotlib import pyplot as plt

CIFAR10 = ["airplane", "automobile", "bird", "cat", "deer", "dog", "frog", "horse", "ship", "truck"]


def _save(path, dpi=150):
    plt.tight_layout()
    plt.savefig(path, dpi=dpi)
    plt.close()


def row_lengths(matrix):
    return np.sqrt(np.sum(matrix ** 2, axis=-1))


def classifier_report(weights, samples_per_cls, out_dir='./'):
    plot_row_norms(weights, out_dir)
    fig, axes = plt.subplots(2, 5, figsize=(28, 8))
    for c in range(weights.shape[0]):
        sns.histplot(weights[c], kde=False, ax=axes[c // 5, c % 5])
    _save(os.path.join(out_dir, 'weight_values.jpg'))

    mean_abs = np.mean(np.abs(weights), axis=0)
    var = np.var(weights, axis=0)
    order = np.argsort(-mean_abs)
    fig, axes = plt.subplots(1, 2, figsize=(20, 6))
    axes[0].bar(np.arange(weights.shape[1]), mean_abs[order])
    axes[1].bar(np.arange(weights.shape[1]), var[order])
    _save(os.path.join(out_dir, 'weight_stats.jpg'))

    # unused: cosine of each class row with the average row
    # avg = weights.mean(axis=0, keepdims=True)
    # cos = (avg * weights).sum(-1) / row_lengths(weights) / row_lengths(avg)
    # plt.bar(np.arange(weights.shape[0]), cos); _save('cos_to_avg.jpg')


def plot_row_norms(weights, out_dir='./'):
    norms = np.sqrt(np.sum(weights ** 2, axis=-1))
    fig, ax = plt.subplots(figsize=(8, 4))
    ax.bar(np.arange(weights.shape[0]), norms)
    ax.set_xticks(np.arange(weights.shape[0]))
    ax.set_xticklabels(CIFAR10, rotation=45)
    ax.set_ylabel('L2 norm of the class weight')
    ax.set_title('Classifier weight norms (head classes on the left)')
    _save(os.path.join(out_dir, 'weight_norm.jpg'), dpi=200)


def plot_tau_rescaling(weights, taus=(0.0, 0.5, 1.0, 1.5)):
    norms = row_lengths(weights)
    fig, ax = plt.subplots(figsize=(8, 4))
    for tau in taus:
        ax.plot(norms / norms ** tau, marker='s', label=f'tau={tau}')
    ax.legend()
    _save('./tau_norms.jpg')


def feature_norm_histograms(clean_feats, adv_feats, clean_ok, adv_ok, out_dir='./'):
    sns.histplot(row_lengths(clean_feats[clean_ok > 0]), kde=True, label='correct clean', element='step')
    sns.histplot(row_lengths(clean_feats[adv_ok > 0]), kde=True, label='robust clean', element='step')
    plt.legend()
    _save(os.path.join(out_dir, 'feature_norms.jpg'))
    ratio = row_lengths(adv_feats[adv_ok > 0]) / row_lengths(clean_feats[adv_ok > 0])
    sns.histplot(ratio, kde=True, label='norm scaling after attack', element='step')
    _save(os.path.join(out_dir, 'norm_scaling.jpg'))
