# Synthetic rewrite of the shape of BigRedT/vico:exp/cifar100/vis/conf_as_fun_of_sims.py at 177894b07eac8c9c0e95912028bdf2c9909cb2e8 (licence NOASSERTION); not the original text.
import os

import numpy as np


def zscore(m):
    m = m - m.mean()
    return m / m.std()


def run(cfg, paths):
    conf_a = np.load(paths.conf_visual)
    conf_b = np.load(paths.conf_text)
    table = np.load(paths.label_vectors)  # one concatenated word vector per label
    names = np.load(paths.label_names)

    text_part = table[:, :paths.text_dim]
    visual_vecs = table[:, paths.text_dim:]
    if cfg.use_cosine:
        text_part = text_part / np.linalg.norm(text_part, 2, 1, True)
        visual_vecs = visual_vecs / np.linalg.norm(visual_vecs, 2, 1, True)

    visual_sim = np.matmul(visual_vecs,np.transpose(visual_vecs))
    text_sim = text_part @ text_part.T
    visual_sim, text_sim = zscore(visual_sim), zscore(text_sim)

    delta = np.maximum(0, np.log(conf_a + 1e-6)) - np.maximum(0, np.log(conf_b + 1e-6))
    quadrants = {}
    for i in range(len(names)):
        for j in range(len(names)):
            if i == j or abs(delta[i, j]) <= 1e-6:
                continue
            key = ("t+" if text_sim[i, j] > 0 else "t-") + ("v+" if visual_sim[i, j] > 0 else "v-")
            slot = quadrants.setdefault(key, {"less": 0, "more": 0})
            slot["less" if delta[i, j] < 0 else "more"] += 1
    print(os.path.join(cfg.out_dir, "quadrants.json"), quadrants)
    return quadrants
