# expect: COS301
"""The mean of the first hidden states (`hs[:200, None, :].mean(0)`, or `mean_state`) against every
row of an LM's output head: one vector ranked by cosine against every row (COS120), since samples
picked by position, or an average hidden state, are no class's samples. The look-alikes stay quiet: a classifier's rows against the mean of
one class's features, picked by their labels (`H[y == 3]`) or from a list per class (`per_class[3]`).

Shapes seen in public "cone" tests of LM hidden states; written for cosaudit's tests.
"""
import torch
import torch.nn.functional as F
from transformers import AutoModelForCausalLM

model = AutoModelForCausalLM.from_pretrained("Qwen/Qwen2.5-0.5B")
WU = model.get_output_embeddings().weight.detach()
hs = torch.load("hidden_states.pt")
cos_WU = F.cosine_similarity(WU, hs[:200, None, :].mean(0)[None], dim=1)  # expect: COS120
print(f"cos(W_U rows, mean h): mean {cos_WU.mean():.4f}")
mean_state = hs.mean(0)
row_cos = F.cosine_similarity(WU, mean_state[None], dim=1)  # expect: COS120

clf = torch.load("resnet.pt")
W = clf.fc.weight
H, y = torch.load("feats.pt"), torch.load("labels.pt")
per_class = [H[y == c] for c in range(10)]
duality_3 = F.cosine_similarity(W, H[y == 3].mean(0)[None], dim=1)
duality_first = F.cosine_similarity(W, per_class[3].mean(0)[None], dim=1)
