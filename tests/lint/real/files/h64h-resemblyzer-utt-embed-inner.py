# Synthetic rewrite of the shape of resemble-ai/Resemblyzer:demo01_similarity.py at 15d828edebe06bc72b9cabc8ef8ca5ab2cb457ce (licence Apache-2.0); not the original text.
# Compare voice clips with a speaker encoder: clips of the same person should score high,
# clips of different people lower.
from itertools import groupby
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np

from voicekit import SpeakerEncoder, load_clip

enc = SpeakerEncoder()

files = sorted(Path("clips", "test-speakers").glob("**/*.flac"))
clips_by_person = {who: [load_clip(f) for f in group]
                   for who, group in groupby(files, key=lambda f: f.parent.stem)}

# one embedding per person from two different clips; the encoder returns unit-length vectors
first = np.stack([enc.embed_clip(c[0]) for c in clips_by_person.values()])
second = np.stack([enc.embed_clip(c[1]) for c in clips_by_person.values()])

# with unit vectors the cosine is the plain inner product
clip_sim = first @ second.T

# the same comparison for pooled per-person embeddings built from half of each person's clips
half_a = np.stack([enc.embed_person(c[: len(c) // 2]) for c in clips_by_person.values()])
half_b = np.stack([enc.embed_person(c[len(c) // 2:]) for c in clips_by_person.values()])
person_sim = half_a @ half_b.T

same = np.eye(len(clip_sim), dtype=bool)
fig, axes = plt.subplots(1, 2, figsize=(9, 4))
axes[0].imshow(clip_sim, vmin=0.4, vmax=1.0)
axes[0].set_title("clip vs clip")
axes[1].hist([clip_sim[same], clip_sim[~same]], bins=20, label=["same person", "different people"])
axes[1].legend()
plt.show()
