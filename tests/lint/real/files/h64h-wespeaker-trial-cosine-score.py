# Synthetic rewrite of the shape of wenet-e2e/wespeaker:wespeaker/bin/score.py at dfa741957e5c11f477623b6e583d67d0af25ee88 (licence Apache-2.0); not the original text.
"""Score speaker-verification trials by the cosine of two x-vectors (optionally after subtracting a training-set mean)."""
import os
from pathlib import Path

import fire
import kaldiio
import numpy as np


def mean_embedding(scp):
    total, count = None, 0
    for _, v in kaldiio.load_scp_sequential(scp):
        total = v.copy() if total is None else total + v
        count += 1
    return total / count


def cos(a, b):
    return float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)))


def score_trials(eval_scp, out_dir, mean_path=None, trial_files=()):
    shift = np.load(mean_path) if mean_path and os.path.exists(mean_path) else 0.0
    xvec = {utt: e - shift for utt, e in kaldiio.load_scp_sequential(eval_scp)}
    for tfile in trial_files:
        dst = os.path.join(out_dir, os.path.basename(tfile) + ".score")
        with open(tfile) as src, open(dst, "w") as sink:
            for line in src:
                f = line.split()
                s = cos(xvec[f[0]], xvec[f[1]])
                sink.write(" ".join([f[0], f[1], f"{s:.5f}"] + f[2:3]) + "\n")


def main(exp_dir, eval_scp, use_mean, mean_dir, *trials):
    mean_path = None
    if use_mean:
        mean_path = os.path.join(mean_dir, "mean_vec.npy")
        np.save(mean_path, mean_embedding(os.path.join(mean_dir, "xvector.scp")))
    out = Path(exp_dir, "scores")
    out.mkdir(parents=True, exist_ok=True)
    score_trials(eval_scp, str(out), mean_path, trials)


if __name__ == "__main__":
    fire.Fire(main)
