# Synthetic rewrite of the shape of samuela/git-re-basin:src/cifar10_vgg_cosine_similarity_matching.py at ef40098257ab97243930eba737d6dcb8edd5863e (licence MIT); not the original text.
import jax.numpy as jnp
from scipy.optimize import linear_sum_assignment

from utils import flatten_params, unflatten_params


def cosine_similarity(A, B):
  # A: (m, d), B: (n, d) -> (m, n)
  return (A @ B.T) / jnp.linalg.norm(A, axis=-1)[:, None] / jnp.linalg.norm(B, axis=-1)[None, :]


def units_of(kernel):
  """One row per output unit: move the output-channel axis first and flatten the rest."""
  return jnp.reshape(jnp.moveaxis(kernel, -1, 0), (kernel.shape[-1], -1))


def align_dense_pair(fa, fb, i, j):
  """Reorder the hidden units produced by Dense_i of B to best match A, fixing Dense_j's inputs."""
  wa, wb = fa[f"params/Dense_{i}/kernel"], fb[f"params/Dense_{i}/kernel"]
  _, perm = linear_sum_assignment(cosine_similarity(wa.T, wb.T), maximize=True)
  out = dict(fb)
  out[f"params/Dense_{i}/kernel"] = fb[f"params/Dense_{i}/kernel"][:, perm]
  out[f"params/Dense_{i}/bias"] = fb[f"params/Dense_{i}/bias"][perm]
  out[f"params/Dense_{j}/kernel"] = fb[f"params/Dense_{j}/kernel"][perm, :]
  return out


def align_conv_pair(fa, fb, i, j, next_is_dense=False):
  ka, kb = fa[f"params/Conv_{i}/kernel"], fb[f"params/Conv_{i}/kernel"]
  _, perm = linear_sum_assignment(cosine_similarity(units_of(ka), units_of(kb)), maximize=True)
  out = dict(fb)
  out[f"params/Conv_{i}/kernel"] = kb[..., perm]
  out[f"params/Conv_{i}/bias"] = fb[f"params/Conv_{i}/bias"][perm]
  nxt = f"params/Dense_{j}/kernel" if next_is_dense else f"params/Conv_{j}/kernel"
  out[nxt] = fb[nxt][perm, :] if next_is_dense else fb[nxt][:, :, perm, :]
  return out


def permutify(params_a, params_b, n_conv=13):
  fa, fb = flatten_params(params_a), flatten_params(params_b)
  for layer in range(n_conv - 1):
    fb = align_conv_pair(fa, fb, layer, layer + 1)
  fb = align_conv_pair(fa, fb, n_conv - 1, 0, next_is_dense=True)
  # hidden dense layers only; the last Dense (the classifier) is permuted on its input side alone
  fb = align_dense_pair(fa, fb, 0, 1)
  fb = align_dense_pair(fa, fb, 1, 2)
  return unflatten_params(fb)
