# cosaudit corpus, synthetic file: same shape as EleutherAI/gradient-routing/projects/nanoGPT-factrep/sample.py at bb1023a8d59ebb0483a89381dde4efad986f09fd (licence NOASSERTION); new code, no text copied.
# %%
import matplotlib.pyplot as plt
import numpy as np
import torch
import torch.nn.functional as F

from load_model import load_model_for_inference

model, mask_config, encode, decode, ctx, device = load_model_for_inference(path="out/ckpt_latest.pt", compile=False)
prompt = torch.tensor(encode("<|endoftext|>", allowed_special={"<|endoftext|>"}), device=device)[None]
push = -30.0   # how hard we push residual dimension 0 when steering
k = 20

with torch.no_grad(), ctx:
    for _ in range(3):
        print(decode(model.generate(prompt, 120, temperature=1.0, top_k=200)[0].tolist()))

# %%
# which tokens does residual dimension 0 point at?  rows of the output layer, unit length, coordinate 0
head_unit = F.normalize(model.lm_head.weight, dim=1)
top_pos = head_unit[:, 0].detach().cpu().topk(k)
top_neg = (-head_unit[:, 0]).detach().cpu().topk(k)
chosen = top_pos if push > 0 else top_neg
names = [decode([i]) for i in chosen.indices.tolist()]
print(list(zip(names, chosen.values.tolist())))

fig, ax = plt.subplots(figsize=(3, 4))
ax.barh(np.arange(k), chosen.values.numpy())
ax.set_yticks(np.arange(k), names)
ax.invert_yaxis()
ax.set_xlabel("cosine with e_0")
plt.savefig("dim0_tokens.pdf", bbox_inches="tight")

# %%
def add_to_dim0(module, inputs, output):
    output[:, :, 0] += push
    return output


model.transformer.h[10].register_forward_hook(add_to_dim0)
with torch.no_grad(), ctx:
    for _ in range(3):
        print(decode(model.generate(prompt, 120, temperature=1.0, top_k=200)[0].tolist()))
