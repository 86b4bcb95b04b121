# Synthetic rewrite of the shape of malaikaaiyar/llm-latent-language:OLD/similarity_embedding_vectors.py at b3e807bee6c557c689765c1830bfec0d4d268966 (licence NOASSERTION); not the original text.
# %%
import json
import numpy as np
import torch
import torch.nn.functional as F
from transformer_lens import HookedTransformer

torch.set_grad_enabled(False)
model = HookedTransformer.from_pretrained("meta-llama/Llama-2-7b-hf")
words = json.load(open("data/filtered_word_dict.json"))
langs = ["en", "zh", "ko"]

# %% one input-embedding row per (language, word)
embedding_vectors = torch.zeros(len(langs), len(words), model.cfg.d_model)
for li, lang in enumerate(langs):
    for wi, base in enumerate(words):
        tok = words[base][lang][1]
        embedding_vectors[li, wi] = model.embed.W_E[tok]

# %% translation pairs: do the same concept's tokens point the same way?
cos_sim_en_zh = F.cosine_similarity(embedding_vectors[0], embedding_vectors[1], dim=1)
cos_sim_en_ko = F.cosine_similarity(embedding_vectors[0], embedding_vectors[2], dim=1)
for name, c in [("en-zh", cos_sim_en_zh), ("en-ko", cos_sim_en_ko)]:
    print(name, c.mean().item(), c.std().item() / np.sqrt(len(c)))

# %% full similarity grid within one language
grid = F.cosine_similarity(embedding_vectors[2].unsqueeze(1), embedding_vectors[2].unsqueeze(0), dim=-1)
print(grid.shape)
