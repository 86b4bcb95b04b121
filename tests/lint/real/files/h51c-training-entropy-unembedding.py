# Synthetic rewrite of the shape of fragmential/training-time-entropy-circuits:analysis/unembedding.py at 70cdc3f026b2046402eb7d237fd2605134f94795 (licence NOASSERTION); not the original text.
# %% [markdown]
# # Toy classifier geometry over training
#
# The toy net maps features F (N x d) to logits F @ W with W of shape (d x C), trained
# with cross-entropy on four classes. Below: when do the last two class vectors split apart?

# %%
import numpy as np
import torch
import torch.nn.functional as Fn
import matplotlib.pyplot as plt


def load_run(name):
    return torch.load(f"results/toy/run_{name}.pt", weights_only=True)


def split_step(W_hist, steps, a=2, b=3, joined=0.97, apart=0.9):
    """First checkpoint after the two class columns were joined at which they separate."""
    sims = [float(Fn.cosine_similarity(W_hist[t][:, a], W_hist[t][:, b], dim=0))
            for t in range(len(steps))]
    start = next((t for t in range(len(steps)) if sims[t] > joined), 0)
    t_split = next((t for t in range(start, len(steps)) if sims[t] < apart), None)
    return None if t_split is None else int(steps[t_split])


def effective_rank(M):
    s2 = torch.linalg.svdvals(M.float()) ** 2
    p = (s2 / s2.sum()).clamp(min=1e-12)
    return float(torch.exp(-(p * p.log()).sum()))


# %%
RUNS = ("skewed", "balanced", "wide")
fig, axes = plt.subplots(1, len(RUNS), figsize=(14, 3.5))
for ax, name in zip(axes, RUNS):
    run = load_run(name)
    steps = run["steps"].numpy()
    Ws, Fs = run["W"], run["F"]
    er = [effective_rank(Fs[t]) for t in range(len(steps))]
    ax.plot(steps, er, color="navy", label="feature eff. rank")
    t_split = split_step(Ws, steps)
    if t_split is not None:
        ax.axvline(t_split, color="gray", ls=":", label="class 2/3 split")
    ax.set(title=name, xlabel="step")
    ax.legend(fontsize=7)
plt.tight_layout(); plt.show()
