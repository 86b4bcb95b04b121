# Synthetic rewrite of the shape of AISC-Linear-Probe-Gen/Probe-Generalisation:experiment_library/src/probe_gen/standard_experiments/token_heatmaps.py at f293ac214aa22db502b8b7d5b1cad111571b6dee (licence NOASSERTION); not the original text.
import numpy as np
import matplotlib.pyplot as plt
from matplotlib.colors import TwoSlopeNorm


def probe_direction(probe):
    """Return the single weight vector and bias of a binary (sigmoid) probe."""
    if hasattr(probe, "sk_model"):
        return probe.sk_model.coef_[0], probe.sk_model.intercept_[0]
    lin = probe.net.linear
    return lin.weight.detach().cpu().numpy()[0], lin.bias.detach().cpu().numpy()[0]


def per_token_scores(probe, token_acts, mu, sigma):
    w, b = probe_direction(probe)
    out = []
    for act in token_acts:
        z = (act - mu) / sigma
        out.append(float(z @ w + b))
    return out


def draw_heatmap(tokens, scores, title="probe score per token"):
    norm = TwoSlopeNorm(vmin=min(scores), vcenter=0.0, vmax=max(scores))
    cmap = plt.get_cmap("coolwarm")
    fig, ax = plt.subplots(figsize=(10, 2))
    x = 0.0
    for tok, s in zip(tokens, scores):
        ax.text(x, 0.5, tok, fontsize=9,
                bbox=dict(facecolor=cmap(norm(s)), edgecolor="none", pad=1))
        x += 0.012 * max(len(tok), 1)
    mean_score = float(np.mean(scores))
    ax.set_title(f"{title}\nmean={mean_score:.2f}, sigmoid(mean)={1 / (1 + np.exp(-mean_score)):.2f}")
    ax.axis("off")
    return fig
