# expect: COS301
"""The same cosine lens over a softmax head's unit rows, ranked and regressed but never trained as
logits of a classification loss: still a cosine lens (COS120). Written for cosaudit's tests."""
import torch
import torch.nn.functional as F
from transformers import AutoModelForCausalLM

model = AutoModelForCausalLM.from_pretrained("meta-llama/Llama-3.1-8B")
rows = F.normalize(model.lm_head.weight, dim=1)
steer = torch.load("steer.pt")
scores = F.normalize(steer, dim=0)[None] @ rows.T  # expect: COS120
print(scores.topk(20))
loss = F.mse_loss(scores, torch.zeros_like(scores))
