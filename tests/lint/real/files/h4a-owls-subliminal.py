# cosaudit corpus, synthetic file: same shape as loftusa/owls/experiments/Subliminal Learning.py at d14954773195585a1e2e4347d4321e89a46bad15 (licence NOASSERTION); new code, no text copied.
# %% [markdown]
# Owl and numbers: do "owl" and its entangled numbers share directions in the output matrix?

# %%
import random

import torch
import torch.nn.functional as F
from transformers import AutoModelForCausalLM, AutoTokenizer

name = "meta-llama/Llama-3.2-1B-Instruct"
tokenizer = AutoTokenizer.from_pretrained(name)
model = AutoModelForCausalLM.from_pretrained(name, torch_dtype=torch.float16)

unembed = model.lm_head.weight            # [vocab, hidden]
owl_id = tokenizer(" owl", add_special_tokens=False).input_ids[0]
owl_row = unembed[owl_id]

number_ids = [i for i in range(tokenizer.vocab_size) if tokenizer.decode(i).strip().isdigit()]
entangled = [tokenizer(" 087", add_special_tokens=False).input_ids[0]]
control = random.sample(number_ids, 50)

# %%
# raw dot products first
dots_ent = [torch.dot(owl_row, unembed[t]).item() for t in entangled]
dots_ctl = [torch.dot(owl_row, unembed[t]).item() for t in control]
print(sum(dots_ent) / len(dots_ent), sum(dots_ctl) / len(dots_ctl))

# %% [markdown]
# Now with cosines, so the length of the rows does not matter

# %%
owl_unit = F.normalize(owl_row.float(), dim=0)


def cos_to_owl(t):
    return torch.dot(owl_unit, F.normalize(unembed[t].float(), dim=0)).item()


cos_ent = [cos_to_owl(t) for t in entangled]
cos_ctl = [cos_to_owl(t) for t in control]
print("entangled", sum(cos_ent) / len(cos_ent), "random", sum(cos_ctl) / len(cos_ctl))

# %%
ranked = sorted(((cos_to_owl(t), tokenizer.decode(t)) for t in number_ids), reverse=True)
print("numbers closest to owl:", ranked[:10])
