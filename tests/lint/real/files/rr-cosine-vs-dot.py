# cosaudit corpus, synthetic file: same shape as andrewcampi/roadrunner-inference/raw_research/experiments/19_cosine_vs_dot.py at 2b443f9213d08c9253846d250043c267752d8b39 (licence NOASSERTION); new code, no text copied.
import torch
import torch.nn.functional as F
from transformers import GPT2LMHeadModel, GPT2Tokenizer

model = GPT2LMHeadModel.from_pretrained("gpt2").eval()
tokenizer = GPT2Tokenizer.from_pretrained("gpt2")

text = "The capital of France is"
ids = tokenizer.encode(text, return_tensors="pt")

with torch.no_grad():
    out = model(ids, output_hidden_states=True, return_dict=True)
    last = out.hidden_states[-1][:, -1, :]          # [1, d_model]

head_t = model.lm_head.weight.data.T                 # [d_model, vocab]

# --- route A: plain logits
scores_dot = last @ head_t
best_dot = scores_dot.argmax(dim=-1).item()

# --- route B: angle-based routing
q = F.normalize(last, dim=-1)
keys = F.normalize(head_t, dim=0)
scores_ang = q @ keys
best_ang = scores_ang.argmax(dim=-1).item()

k = 5
print("dot top-k   :", [tokenizer.decode(i) for i in scores_dot.topk(k).indices[0].tolist()])
print("angle top-k :", [tokenizer.decode(i) for i in scores_ang.topk(k).indices[0].tolist()])
print("same winner?", best_dot == best_ang)
