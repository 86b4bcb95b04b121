# Synthetic rewrite of the shape of ajozefiak/CL-transformers:src/data/logging.py at 42a82af71be5a14ec372166cfb14cb78f23749fb (licence NOASSERTION); not the original text.
# Parameter paths in the Flax ViT used for continual learning:
#   ('params', 'Dense_0', 'kernel')            -> the classification head, last layer
#   ('params', 'PatchEmbed_0', 'Conv_0', 'kernel')
#   ('params', 'ViTBlock_3', 'MLP_0', 'Dense_1', 'kernel')
# Usage: norms = kernel_norm_table(state.params); norms[('params', 'Dense_0', 'kernel')]
import jax
import jax.numpy as jnp
from flax.core import FrozenDict


def kernel_norm_table(params: FrozenDict) -> dict:
    """Walk the nested parameter tree and record the Frobenius norm of every kernel."""
    table = {}

    def walk(node, prefix=()):
        if isinstance(node, (dict, FrozenDict)):
            for name, child in node.items():
                walk(child, prefix + (name,))
        elif prefix and prefix[-1] == "kernel":
            table[prefix] = float(jnp.linalg.norm(node))

    walk(params)
    return table


def head_norm(params: FrozenDict) -> float:
    # one scalar for the whole head matrix; rows are never compared with each other
    return kernel_norm_table(params).get(("params", "Dense_0", "kernel"), float("nan"))


@jax.jit
def predictive_entropy(probs):
    return -jnp.sum(probs * jnp.log(probs + 1e-12), axis=-1)
