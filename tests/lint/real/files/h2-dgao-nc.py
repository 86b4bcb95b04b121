# cosaudit corpus, synthetic file: same shape as DongjiGao/neural_collapse/nc.py at ca609ac72372adfef246fd39fcf4c2c368d11b02 (licence Apache-2.0); new code, no text copied.
import matplotlib.pyplot as plt
import numpy as np
import torch
from transformers import Wav2Vec2ForCTC


def angle_scatter(class_means, head_rows, order, out="angles.png"):
    sim = torch.nn.CosineSimilarity()
    mean_cos, weight_cos = [], []
    n = class_means.shape[0]
    for a in range(n - 1):
        for b in range(a + 1, n):
            m_cos = sim(class_means[a].unsqueeze(0), class_means[b].unsqueeze(0))
            mean_cos.append(m_cos.item())
            w_cos = sim(head_rows[order[a]].unsqueeze(0), head_rows[order[b]].unsqueeze(0))
            weight_cos.append(w_cos.item())
    fig, ax = plt.subplots()
    ax.scatter(np.array(mean_cos), np.array(weight_cos), s=4)
    fig.savefig(out)


def main(class_means, order, name="facebook/wav2vec2-base-960h"):
    ctc = Wav2Vec2ForCTC.from_pretrained(name)
    for param in ctc.lm_head.parameters():
        head_rows = param
    angle_scatter(class_means, head_rows, order)
