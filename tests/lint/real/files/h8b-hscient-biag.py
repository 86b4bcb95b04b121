# cosaudit corpus, synthetic file: same shape as hscient/FSCIL_learn-by-reasoning/code/engine/train_biag.py at e13755e76a64d026d047d9749a6ed58c6c59c82f (licence MIT); new code, no text copied.
import random

import torch
import torch.nn.functional as F


def sample_episode(state, n_base, way=5):
    picked = sorted(random.sample(range(n_base), way))
    rest = [c for c in range(n_base) if c not in picked]
    novel_protos = F.normalize(state.protos[picked].unsqueeze(1), dim=-1)
    target_rows = F.normalize(state.cls_rows[0][picked], dim=-1)
    base_protos = F.normalize(state.protos[rest].unsqueeze(0).expand(way, -1, -1), dim=-1)
    base_rows = F.normalize(state.cls_rows[0][rest].unsqueeze(0).expand(way, -1, -1), dim=-1)
    return novel_protos, target_rows, base_protos, base_rows


def train_generator(state, generator, epochs, episodes, opt, sched):
    """Teach the generator to produce the (cosine) classifier row of a held-out base class."""
    best, best_sd = -1.0, None
    for ep in range(epochs):
        scores = []
        for _ in range(episodes):
            p_new, w_true, p_old, w_old = sample_episode(state, state.protos.size(0))
            w_pred = generator(p_new, p_old, w_old)
            cos = F.cosine_similarity(w_pred, w_true, dim=-1).mean()
            loss = 1.0 - cos
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            scores.append(cos.item())
        mean_cos = sum(scores) / len(scores)
        if mean_cos > best:
            best, best_sd = mean_cos, {k: v.detach().clone() for k, v in generator.state_dict().items()}
        print(f"epoch {ep}: cos {mean_cos:.4f}")
    return best_sd, best
