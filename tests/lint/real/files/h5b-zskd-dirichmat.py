# cosaudit corpus, synthetic file: same shape as vcl-iisc/ZSKD/di_generation/dirichmat.py at 54c855ff9d63aa35a833bd4b342e96ae6de80e0e (licence NOASSERTION); new code, no text copied.
import pickle

import numpy as np
from sklearn.preprocessing import normalize

with open("teacher_last_layer.pickle", "rb") as fh:
    head = pickle.load(fh)["weight"]          # shape (features, classes)

unit_cols = normalize(head, axis=0)
class_sim = unit_cols.T @ unit_cols

scaled = (class_sim - class_sim.min()) / (class_sim.max() - class_sim.min())
for tag, factor in (("1.0", 1.0), ("0.1", 0.1)):
    with open(f"class_similarity_scale_{tag}.pickle", "wb") as fh:
        pickle.dump(scaled * factor, fh, protocol=2)
