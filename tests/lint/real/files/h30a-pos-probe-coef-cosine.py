# Synthetic rewrite of the shape of jnward/coactivation-manifolds:parts-of-speech-2/analyze_probe_geometry.py at c43d3e3a9a24afbe91dc0232473d6c0dc5d3dec1 (licence NOASSERTION); not the original text.
# %% load the saved part-of-speech probe (a multinomial LogisticRegression)
import joblib
import matplotlib.pyplot as plt
import numpy as np

from tags import tag_label

probe = joblib.load("pos_probe_layer12.joblib")
weights = probe.coef_  # (n_tags, d_model), one row per tag
tags = [tag_label(t) for t in probe.classes_]

# %% angle between every pair of tag directions
unit_weights = weights / np.linalg.norm(weights, axis=1, keepdims=True)
sim = unit_weights @ unit_weights.T

ranked = sorted(
    ((sim[a, b], tags[a], tags[b]) for a in range(len(tags)) for b in range(a + 1, len(tags))),
    reverse=True,
)
print("most aligned tag pairs:")
for s, a, b in ranked[:6]:
    print(f"  {a:>6} ~ {b:<6} {s:+.3f}")
print("most opposed tag pairs:")
for s, a, b in ranked[-6:]:
    print(f"  {a:>6} ~ {b:<6} {s:+.3f}")

# %% heatmap of the tag-by-tag cosine matrix
fig, ax = plt.subplots(figsize=(9, 7))
img = ax.imshow(sim, cmap="RdBu_r", vmin=-1, vmax=1)
ax.set_xticks(range(len(tags)), tags, rotation=90)
ax.set_yticks(range(len(tags)), tags)
ax.set_title("cosine between probe class directions")
fig.colorbar(img, ax=ax)
plt.show()
