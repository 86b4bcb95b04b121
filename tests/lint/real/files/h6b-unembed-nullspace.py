# cosaudit corpus, synthetic file: same shape as shirashko/confidence-regulation-neurons/src/analyze_geometry.py at b99f9746f127c41ac0f7742d42efecca64d3394f (licence NOASSERTION); new code, no text copied.
import numpy as np
import torch
from sklearn.metrics.pairwise import cosine_similarity
from transformers import GPT2LMHeadModel, GPT2Tokenizer

model = GPT2LMHeadModel.from_pretrained("gpt2").eval()
tok = GPT2Tokenizer.from_pretrained("gpt2")
anchor = torch.load("data/certain_baseline.pt")

# directions the (tied) unembedding barely reads: last right-singular vectors of the centred matrix
E = model.transformer.wte.weight.detach()
_, _, Vt = torch.linalg.svd(E - E.mean(dim=0), full_matrices=False)
null = Vt[-12:]
proj = null.T @ null


def projected_delta(prompt):
    ids = tok(prompt, return_tensors="pt")
    with torch.no_grad():
        h = model(**ids, output_hidden_states=True).hidden_states[-1][0, -1]
    return ((h - anchor) @ proj).numpy()


def compare(epistemic_prompts, aleatoric_prompts):
    a = np.stack([projected_delta(p) for p in epistemic_prompts])
    b = np.stack([projected_delta(p) for p in aleatoric_prompts])
    return cosine_similarity(a).mean(), cosine_similarity(b).mean(), cosine_similarity(a, b).mean()
