# expect: COS301
"""Exploring the output geometry of a small LM."""
import numpy as np
import pandas as pd
import seaborn as sns
import torch
from transformers import AutoModelForCausalLM, AutoTokenizer

tok = AutoTokenizer.from_pretrained("org/small-lm")
lm = AutoModelForCausalLM.from_pretrained("org/small-lm")
words = ["red", "green", "blue", "car", "bus"]
ids = [tok.convert_tokens_to_ids(w) for w in words]

U = lm.get_output_embeddings().weight.detach().float().cpu().numpy()
rows = U[ids]
unit = rows / np.linalg.norm(rows, axis=1, keepdims=True)
S = unit @ unit.T  # expect: COS101
df = pd.DataFrame(S, index=words, columns=words)
sns.heatmap(df, annot=True)  # expect: COS103
df.to_csv("token_similarity.csv")  # expect: COS103

# a logit-lens readout of the last hidden state: fine
with torch.no_grad():
    out = lm(**tok("the sky is", return_tensors="pt"), output_hidden_states=True)
h = out.hidden_states[-1][0, -1].numpy()
lens = U @ h
top = np.argsort(-lens)[:10]

# norms of the rows (no pair involved)
row_norms = np.linalg.norm(U, axis=1)

# angle between two colour tokens
theta = np.degrees(np.arccos(S[0, 1]))
