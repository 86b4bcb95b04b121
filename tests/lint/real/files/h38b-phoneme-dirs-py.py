# Synthetic rewrite of the shape of Hypogenic-AI/where-is-rhyming-claude:src/exp2_subspace_geometry.py at a4c6ef0ac14e68c9da4cf90ef1a12ff594806358 (licence NOASSERTION); not the original text.
"""Sound-direction geometry in a GPT-2 model: mean-difference directions and their cosines."""
import numpy as np
import torch
from transformer_lens import HookedTransformer

SITES = ["hook_embed", "blocks.0.hook_resid_post", "blocks.11.hook_resid_post"]


def sound_directions(acts, has_sound, min_count=30):
    # acts: (n_words, d); has_sound: (n_words, n_sounds) bool
    dirs, keep = [], []
    for j in range(has_sound.shape[1]):
        inside = has_sound[:, j]
        ok = inside.sum() >= min_count and (~inside).sum() > 0
        keep.append(ok)
        dirs.append(acts[inside].mean(0) - acts[~inside].mean(0) if ok else np.zeros(acts.shape[1]))
    return np.stack(dirs), np.array(keep)


def geometry(model, token_ids, has_sound):
    ids = torch.tensor(token_ids)
    with torch.no_grad():
        _, cache = model.run_with_cache(ids.unsqueeze(1), names_filter=lambda n: n in SITES)
    report = {}
    for site in SITES:
        acts = cache[site][:, 0, :].cpu().numpy()
        dirs, keep = sound_directions(acts, has_sound)
        normed = dirs[keep] / (np.linalg.norm(dirs[keep], axis=1, keepdims=True) + 1e-10)
        cos_sim = normed @ normed.T
        off = np.abs(cos_sim)
        np.fill_diagonal(off, 0)
        report[site] = {"mean_abs_cos": float(off.mean()),
                        "random_baseline": float(np.sqrt(2 / (np.pi * normed.shape[1])))}
    return report


if __name__ == "__main__":
    lm = HookedTransformer.from_pretrained("gpt2-medium")
    rng = np.random.default_rng(0)
    words = rng.integers(0, lm.cfg.d_vocab, size=400).tolist()
    labels = rng.random((400, 12)) < 0.2
    print(geometry(lm, words, labels))
