# expect: COS301
"""Spellings a new user writes in the first hour: a `keras.applications` model's softmax layer
taken by its name (`get_layer("predictions")`, `fc1000`), its kernel unpacked from `get_weights()`,
fastai's head (`learn.model[-1][-1]`), rows clustered by seaborn's `clustermap(metric="cosine")`,
TransformerLens directions of several tokens (`tokens_to_residual_directions([...])`,
`to_tokens(...)`) and rows picked by a tokenizer's id list (`tok.encode(w)` without `[0]`,
`tok(w)["input_ids"]`), which are a matrix of rows, not one row. The look-alikes stay quiet: logits
through the named layer, a pooled feature layer, a residual projected on the directions, fastai's
body, a clustermap of features (a Euclidean clustermap of the rows is info only).

Shapes seen in public notebooks and tutorials; written for cosaudit's tests.
"""
import numpy as np
import torch.nn.functional as F
from tensorflow.keras.applications import ResNet50
from transformer_lens import HookedTransformer

keras_model = ResNet50(weights="imagenet")
W, b = keras_model.get_layer("predictions").get_weights()
Wn = W / np.linalg.norm(W, axis=0, keepdims=True)
class_sim = Wn.T @ Wn  # expect: COS101

kernel = keras_model.get_layer("fc1000").kernel.numpy()
kn = kernel / np.linalg.norm(kernel, axis=0)
print(kn[:, 281] @ kn[:, 282])  # expect: COS101

pooled = keras_model.get_layer("avg_pool").output
feats = features / np.linalg.norm(features, axis=1, keepdims=True)
feature_sim = feats @ feats.T
logits = features @ keras_model.get_layer("predictions").get_weights()[0]

tl = HookedTransformer.from_pretrained("gpt2")
dirs = tl.tokens_to_residual_directions([" dog", " cat", " car"])
print(F.cosine_similarity(dirs[0], dirs[1], dim=0))  # expect: COS101
pair = tl.tokens_to_residual_directions(tl.to_tokens(" dog cat", prepend_bos=False)[0])
print(pair[0] @ pair[1])  # expect: COS102
resid = cache["resid_post", -1]
print(resid[0, -1] @ dirs.T)
paris = tl.tokens_to_residual_directions(" Paris")
print((resid[0, -1] * paris).sum())

W_out = hf_model.get_output_embeddings().weight
queen = W_out[tok.encode(" queen", add_special_tokens=False)]
analogy = W_out[tok.encode(" king")[0]] - W_out[tok.encode(" man")[0]] + W_out[tok.encode(" woman")[0]]
print(F.cosine_similarity(analogy, queen[0], dim=0))  # expect: COS120
rows = W_out[tok(" dog cat")["input_ids"]]
print(F.cosine_similarity(rows[0], rows[1], dim=0))  # expect: COS101
hidden = out.hidden_states[-1][0, -1]
print(hidden @ W_out[tok.encode(" queen")].T)

fastai_head = learn.model[-1][-1].weight
fastai_unit = F.normalize(fastai_head, dim=1)
print(fastai_unit @ fastai_unit.T)  # expect: COS101
body_conv = learn.model[0][-1].weight
body_unit = F.normalize(body_conv.flatten(1), dim=1)
print(body_unit @ body_unit.T)

import seaborn as sns

class_rows = net.state_dict()["fc.weight"].numpy()
sns.clustermap(class_rows, metric="cosine")  # expect: COS101
sns.clustermap(class_rows)  # expect: COS130
sns.clustermap(features, metric="cosine")
