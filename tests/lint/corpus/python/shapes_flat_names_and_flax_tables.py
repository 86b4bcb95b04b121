# expect: COS301
"""Written for cosaudit's tests: a head's weight kept under one flat name (`np.savez(path,
classifier_weight=W)`, a state dict flattened to `fc_weight`), and Flax / Haiku token tables, whose
parameter is called `embedding` (`params["transformer"]["wte"]["embedding"]`). GPT-2's and BERT's
tables are tied to their heads and added to learned positions, so their rows' cosines are flagged;
a Llama table (untied, rotary positions), an item table of a recommender and loss weights per class
stay quiet."""
import jax.numpy as jnp
import numpy as np
from transformers import FlaxBertForMaskedLM, FlaxGPT2LMHeadModel

saved = np.load("probe_head.npz")
W = saved["classifier_weight"]
unit = W / np.linalg.norm(W, axis=1, keepdims=True)
print(unit @ unit.T)  # expect: COS101

flat = dict(np.load("flat_state.npz"))
rows = flat["fc_weight"]
print(rows[2] @ rows[5] / (np.linalg.norm(rows[2]) * np.linalg.norm(rows[5])))  # expect: COS101

# loss weights per class are no head
balance = saved["class_weights"]
print(balance @ balance / (np.linalg.norm(balance) ** 2))

gpt2 = FlaxGPT2LMHeadModel.from_pretrained("gpt2")
wte = gpt2.params["transformer"]["wte"]["embedding"]
wte_unit = wte / jnp.linalg.norm(wte, axis=-1, keepdims=True)
print(wte_unit[100] @ wte_unit[200])  # expect: COS150

bert = FlaxBertForMaskedLM.from_pretrained("bert-base-uncased")
words = bert.params["bert"]["embeddings"]["word_embeddings"]["embedding"]
word_unit = words / jnp.linalg.norm(words, axis=-1, keepdims=True)
print(word_unit[2000] @ word_unit[2001])  # expect: COS150
