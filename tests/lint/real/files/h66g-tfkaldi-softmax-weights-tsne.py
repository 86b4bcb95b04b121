# Synthetic rewrite of the shape of mycrazycracy/tf-kaldi-speaker:egs/voxceleb/v1/nnet/lib/extract_softmax_weights.py at 872dc0df90c1739f885ae45fa41f0a89ca1c90cc (licence Apache-2.0); not the original text.
"""Dump the speaker-softmax matrix and draw the rows next to utterance vectors."""
import argparse
from collections import OrderedDict

import matplotlib
matplotlib.use("agg")
import matplotlib.pyplot as plt
import numpy as np
from sklearn.manifold import TSNE

cli = argparse.ArgumentParser()
cli.add_argument("checkpoint")
cli.add_argument("out_rows")
cli.add_argument("out_png")
opts = cli.parse_args()


def load_output_kernel(path):
    """The speaker softmax stores a [emb_dim, n_speakers] kernel."""
    blob = np.load(path)
    return blob["softmax_output_kernel"], blob["utt_vectors"], blob["utt_speaker"]


kernel, utt_vecs, utt_spk = load_output_kernel(opts.checkpoint)
speaker_rows = kernel.T.copy()          # one row per training speaker
np.savetxt(opts.out_rows, speaker_rows, fmt="%.4e")

# put rows and utterance vectors on the unit sphere before the map
speaker_rows = speaker_rows / np.linalg.norm(speaker_rows, axis=1, keepdims=True)
utt_vecs = utt_vecs / np.linalg.norm(utt_vecs, axis=1, keepdims=True)

# keep only the rows of speakers that appear among the utterances
seen = OrderedDict()
for spk in utt_spk:
    seen.setdefault(int(spk), speaker_rows[int(spk)])
row_block = np.stack(list(seen.values()))
n_rows = row_block.shape[0]

# 2-D embedding of rows and utterances together (no similarity score is kept)
points = TSNE(n_components=2, init="pca").fit_transform(np.vstack([row_block, utt_vecs]))
plt.scatter(points[n_rows:, 0], points[n_rows:, 1], c=utt_spk, s=3)
plt.scatter(points[:n_rows, 0], points[:n_rows, 1], marker="x", c="k")
plt.savefig(opts.out_png)
