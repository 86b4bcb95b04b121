"""Written for cosaudit's tests: Flax tables that are not label rows. Llama's token table is not
tied to its head and has rotary positions; a recommender's item table is its own."""
import jax.numpy as jnp
from transformers import FlaxAutoModelForCausalLM

llama = FlaxAutoModelForCausalLM.from_pretrained("meta-llama/Llama-2-7b-hf")
table = llama.params["model"]["embed_tokens"]["embedding"]
unit = table / jnp.linalg.norm(table, axis=-1, keepdims=True)
print(unit[319] @ unit[1763])


def item_neighbours(params, item):
    items = params["item_embed"]["embedding"]
    items = items / jnp.linalg.norm(items, axis=-1, keepdims=True)
    return jnp.argsort(-(items @ items[item]))[:10]
