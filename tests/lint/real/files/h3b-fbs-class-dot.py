# cosaudit corpus, synthetic file: same shape as fbickfordsmith/attention-msc/attention/similarity/similarity_dotproduct_np.py at 1e816ddc9a40446096f7c6b61648e23065c54d5b (licence MIT); new code, no text copied.
"""
Similarity of every pair of ImageNet classes, measured as the mean cosine between
penultimate-layer VGG16 representations of examples drawn from the two classes.
"""
import numpy as np
from sklearn.preprocessing import normalize

ACTS = "/data/activations/"
N_SAMPLES = 100
N_CLASSES = 1000

rng = np.random.default_rng(0)
reps = []
for c in range(N_CLASSES):
    acts = np.load(f"{ACTS}class{c:04}_activations.npy")
    reps.append(normalize(acts[rng.integers(acts.shape[0], size=N_SAMPLES)]))
reps = np.stack(reps)                      # (classes, samples, 4096), unit rows

similarity = np.zeros((N_CLASSES, N_CLASSES))
for i in range(N_CLASSES):
    for j in range(i, N_CLASSES):
        similarity[i, j] = np.mean(reps[i] @ reps[j].T)
        similarity[j, i] = similarity[i, j]

np.save("class_similarity_dotproduct.npy", similarity)
