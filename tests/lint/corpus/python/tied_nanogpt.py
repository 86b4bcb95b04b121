# expect: COS301
"""Node-token geometry of a nanoGPT trained on graph paths: the repository's `model.py` (nanoGPT's
GPT with GPTConfig) ties `transformer.wte` to `lm_head` and adds learned positions, so the token
rows compared here are the head's rows (with a position table to absorb a shift of them).

Shape seen in public path-finding transformer analyses; written for cosaudit's tests.
"""
import numpy as np
import torch
from model import GPT, GPTConfig

checkpoint = torch.load("out/ckpt.pt", map_location="cpu")
model = GPT(GPTConfig(**checkpoint["model_args"]))
model.load_state_dict(checkpoint["model"])
embeddings = model.transformer.wte.weight.data[2:102].cpu().numpy()
sim = np.zeros((100, 100))
for i in range(100):
    for j in range(100):
        sim[i, j] = np.dot(embeddings[i], embeddings[j]) / (  # expect: COS150
            np.linalg.norm(embeddings[i]) * np.linalg.norm(embeddings[j])
        )
