# Synthetic rewrite of the shape of massimilianoviola/gpt2-unraveled:3_tokens_journey.py at dec88ebc9af391aa2c86225182f026817015aa84 (licence MIT); not the original text.
import numpy as np
import torch
import matplotlib.pyplot as plt
from sklearn.metrics.pairwise import cosine_similarity
from transformers import GPT2LMHeadModel, GPT2Tokenizer

tok = GPT2Tokenizer.from_pretrained("gpt2")
lm = GPT2LMHeadModel.from_pretrained("gpt2", output_hidden_states=True)
lm.eval()

text = "She caught the last train home after a very long shift"
batch = tok(text, return_tensors="pt")
with torch.inference_mode():
    result = lm(**batch)
states = result.hidden_states

# the token the model would emit next, and its static table vector
next_id = int(torch.argmax(result.logits[0, -1]))
predicted_token_embedding = lm.transformer.wte.weight[next_id].detach().cpu().numpy()

depth = len(states)
width = batch["input_ids"].shape[1]
toward_target = np.zeros((depth, width))
toward_final = np.zeros((depth, width))

for d in range(depth):
    layer = states[d][0].cpu().numpy()
    final_pos = layer[-1]
    for p in range(width):
        h = layer[p]
        toward_final[d, p] = cosine_similarity([h], [final_pos])[0, 0]
        toward_target[d, p] = cosine_similarity([h], [predicted_token_embedding])[0, 0]

for p in range(width):
    plt.plot(range(depth), toward_target[:, p], label=f"pos {p}")
plt.xlabel("layer")
plt.ylabel("cosine to predicted token vector")
plt.savefig("journey.png", dpi=200)
