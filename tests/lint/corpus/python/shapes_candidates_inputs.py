"""Look-alike: a tensor name picked at run time from candidates that name only the input
embeddings; their cosines are not about the output head.

Shapes seen in public scripts; written for cosaudit's tests.
"""
import numpy as np
from safetensors import safe_open

INPUT_NAMES = ["model.embed_tokens.weight", "transformer.wte.weight"]


def read_matrix(path, wanted):
    with safe_open(path, framework="np") as st:
        chosen = next(n for n in wanted if n in st.keys())
        return st.get_tensor(chosen)


E = read_matrix("model.safetensors", INPUT_NAMES)
E_unit = E / np.maximum(np.linalg.norm(E, axis=1, keepdims=True), 1e-12)
sims = E_unit @ E_unit.T
