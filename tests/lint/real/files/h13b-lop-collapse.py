# cosaudit corpus, synthetic file: same shape as cjyaras/law-of-parsimony/collapse.py at 5aa831a79f1e674e721f288e6c79bb774bba71ec (licence NOASSERTION); new code, no text copied.
import jax.numpy as jnp


def within_between_ratio(feats, labels):
    """feats: (d, n). Trace ratio of within-class to between-class scatter."""
    k = int(jnp.max(labels)) + 1
    mu = feats.mean(axis=1, keepdims=True)
    means = jnp.stack([feats[:, labels == c].mean(axis=1) for c in range(k)], axis=1)
    resid = feats - means[:, labels]
    spread = means - mu
    s_within = resid @ resid.T / labels.shape[0]
    s_between = spread @ spread.T / k
    return jnp.trace(s_within) / jnp.trace(s_between)


def log_linear_fit(ratios):
    x = jnp.arange(len(ratios), dtype=float)
    slope, icpt = jnp.polyfit(x, jnp.log(ratios), deg=1)
    return jnp.exp(slope * x + icpt)
