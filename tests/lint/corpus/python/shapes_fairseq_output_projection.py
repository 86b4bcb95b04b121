# expect: COS301
"""Written for cosaudit's tests: a fairseq language model's softmax projection
(`decoder.output_projection.weight`, one row per dictionary entry) read for word similarity, beside
its attention's output projection (`self_attn.out_proj`), which is no head."""
import numpy as np
from fairseq.models.transformer_lm import TransformerLanguageModel

lm = TransformerLanguageModel.from_pretrained("checkpoints/", "checkpoint_best.pt")
rows = lm.models[0].decoder.output_projection.weight.detach().numpy()
ids = lm.tgt_dict.indices
a, b = rows[ids["king"]], rows[ids["queen"]]
print(a.dot(b) / (np.linalg.norm(a) * np.linalg.norm(b)))  # expect: COS101

attn = lm.models[0].decoder.layers[0].self_attn.out_proj.weight.detach().numpy()
unit = attn / np.linalg.norm(attn, axis=1, keepdims=True)
print((unit @ unit.T).mean())
