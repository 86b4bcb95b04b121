# expect: COS301
"""Norms bound to names that do not echo the vector's name, each kept off zero by an added epsilon
(`unembed_norm = jnp.linalg.norm(unembed_dir) + 1e-10`): a residual vector against the unembedding
column of the predicted token, divided by both norms, is a cosine with one label row; divided by the
row's norm alone it is a projection (quiet).

Shape seen in a public JAX interpretability toolkit's residual-geometry module; written for cosaudit's
tests.
"""
import jax.numpy as jnp


def angle_to_prediction(model, tokens, layer, position=-1):
    """Tokens whose unembedding vectors are aligned with each other are predicted in the same contexts."""  # expect: COS201
    _, cache = model.run_with_cache(tokens)
    W_U = model.unembed.W_U
    final = cache[f"blocks.{model.cfg.n_layers - 1}.hook_resid_post"][position]
    target = int(jnp.argmax(final @ W_U))
    unembed_dir = W_U[:, target]
    unembed_norm = jnp.linalg.norm(unembed_dir) + 1e-10
    rep = cache[f"blocks.{layer}.hook_resid_post"][position]
    scale = 1e-10 + jnp.linalg.norm(rep)
    return float(jnp.dot(rep, unembed_dir) / (scale * unembed_norm))  # expect: COS120


def signal_along_prediction(model, tokens, layer, position=-1):
    """Signal = the component aligned with the unembedding direction of the target; noise = the rest."""
    _, cache = model.run_with_cache(tokens)
    W_U = model.unembed.W_U
    target = int(jnp.argmax(cache["ln_final.hook_normalized"][position] @ W_U))
    unembed_dir = W_U[:, target]
    unembed_norm = jnp.linalg.norm(unembed_dir) + 1e-10
    rep = cache[f"blocks.{layer}.hook_resid_post"][position]
    return float(jnp.dot(rep, unembed_dir) / unembed_norm)  # the component along it: a projection
