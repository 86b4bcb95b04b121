# cosaudit corpus, synthetic file: same shape as princetonvisualai/ContextualBias/weight_similarity.py at b6aed73ae2c9d8b1a422b89746a2bde4d8a7a090 (licence NOASSERTION); new code, no text copied.
import argparse

import numpy as np
import torch
from scipy.spatial.distance import cosine

from classifier import multilabel_classifier

ap = argparse.ArgumentParser()
ap.add_argument("--modelpath", required=True)
ap.add_argument("--nclasses", type=int, default=171)
ap.add_argument("--hidden", type=int, default=2048)
args = ap.parse_args()

# biased category -> its co-occurring context category
BIASED = {12: 40, 57: 101, 88: 3}

clf = multilabel_classifier(torch.device("cuda"), torch.float32, args.nclasses, args.modelpath,
                            hidden_size=args.hidden)
fc = clf.model.resnet.fc.weight.data.cpu().numpy()
half = args.hidden // 2
W_obj, W_ctx = fc[:, :half], fc[:, half:]                     # the two feature halves of every row

sims = []
for b in BIASED:
    s = 1 - cosine(W_obj[b], W_ctx[b])
    sims.append(s)
    print(b, s)
print("mean", np.mean(sims))
