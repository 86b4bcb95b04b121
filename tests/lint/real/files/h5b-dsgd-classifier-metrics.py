# cosaudit corpus, synthetic file: same shape as samuellozanoiglesias/dynamical-sgd/classifier_metrics.py at ab892882169a656c0dff20c096441231aa358035 (licence MIT); new code, no text copied.
import jax.numpy as jnp
import numpy as np

EPS = 1e-12


def head_matrix(params):
    # Dense kernel is (features, classes); return one row per class
    return jnp.transpose(jnp.asarray(params["classifier"]["kernel"]))


def head_diagnostics(params, start_params, travelled):
    W = head_matrix(params)
    k = W.shape[0]
    if k > 1:
        n = jnp.linalg.norm(W, axis=1)
        cos = (W @ W.T) / (n[:, None] * n[None, :] + EPS)
        mean_offdiag = float((jnp.sum(cos) - jnp.trace(cos)) / (k * (k - 1)))
    else:
        mean_offdiag = float("nan")
    s = jnp.linalg.svd(W, compute_uv=False)
    stable_rank = float(jnp.sum(s ** 2) / (jnp.max(s) ** 2 + EPS))
    drift = float(jnp.linalg.norm(W - head_matrix(start_params)))
    return {"weight_orthogonality": mean_offdiag, "stable_rank": stable_rank,
            "path_curvature": travelled / (drift + EPS)}


def plot_orthogonality(ax, steps, values):
    ax.plot(steps, np.asarray(values))
    ax.set_title("Mean Weight Orthogonality")
    ax.set_ylabel("Avg cosine similarity")
