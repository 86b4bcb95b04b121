# Synthetic rewrite of the shape of alan-turing-institute/minGPT:gpt-2-video/charts/generate_charts.py at 557295f282548122298ccc3d45cf9f027e01ea9a (licence MIT); not the original text.
"""Dump a few weight tensors of the small GPT-2 checkpoint as pictures for slides."""
import matplotlib.pyplot as plt
from transformers import GPT2LMHeadModel, pipeline, set_seed

lm = GPT2LMHeadModel.from_pretrained("gpt2")
weights = lm.state_dict()

for name, tensor in weights.items():
    print(f"{name:60s} {tuple(tensor.shape)}")

positions = weights["transformer.wpe.weight"]
print(positions.flatten()[:16])

plt.imshow(positions, cmap="gray")
plt.savefig("slide-positions.png")
plt.clf()

for column in (120, 240, 360):
    plt.plot(positions[:, column])
plt.savefig("slide-position-columns.png")
plt.clf()

qkv = weights["transformer.h.2.attn.c_attn.weight"]
plt.imshow(qkv[:256, :256], cmap="gray")
plt.savefig("slide-qkv-block.png")
plt.clf()

set_seed(7)
sampler = pipeline("text-generation", model="gpt2")
for sample in sampler("Once upon a time, a small model", max_length=24, num_return_sequences=3):
    print(sample["generated_text"])
