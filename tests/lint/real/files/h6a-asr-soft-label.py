# cosaudit corpus, synthetic file: same shape as zhu-han/ASR-Adaption-Class-Similarity/pytorch-kaldi/local/create_soft_label_embedding.py at b2fbc8f84e5826674e02cb88396c43997f28d156 (licence MIT); new code, no text copied.
import argparse

import numpy as np

from io_utils import read_alignments, read_posteriors

parser = argparse.ArgumentParser(description="Per-class soft-label vectors from a trained acoustic model")
parser.add_argument("--temp", type=float, default=1.0)
parser.add_argument("--posteriors", required=True)
parser.add_argument("--alignments", required=True)
parser.add_argument("--n-classes", type=int, required=True)
args = parser.parse_args()


def softened(logits, temp):
    z = logits / temp
    z = np.exp(z - z.max())
    return z / z.sum()


def soft_label_matrix(posteriors, alignments, n_classes, temp):
    table = np.zeros((n_classes, n_classes), dtype=np.float32)
    counts = np.zeros(n_classes, dtype=np.int64)
    for utt, frames in posteriors.items():
        for t, frame_logits in enumerate(frames):
            target = alignments[utt][t]
            table[target] += softened(frame_logits, temp)
            counts[target] += 1
    return table / np.maximum(counts, 1)[:, None]


if __name__ == "__main__":
    table = soft_label_matrix(read_posteriors(args.posteriors), read_alignments(args.alignments), args.n_classes, args.temp)
    np.save("soft_labels.npy", table)
