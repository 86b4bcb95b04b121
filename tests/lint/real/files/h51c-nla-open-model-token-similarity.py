# Synthetic rewrite of the shape of Elakkiya3/nla-open-model:scripts/token_similarity.py at b1ba1d31fbb01d54c742726c6c415e8b67b5367f (licence NOASSERTION); not the original text.
import numpy as np
from sklearn.metrics.pairwise import cosine_similarity
from transformers import AutoTokenizer

CHECKPOINT = "Qwen/Qwen2.5-0.5B"
SENTENCE = "Sparse probes reveal structure inside small language models."

tok = AutoTokenizer.from_pretrained(CHECKPOINT)
ids = tok(SENTENCE, return_tensors="pt")["input_ids"][0]
pieces = tok.convert_ids_to_tokens(ids)

# hidden states dumped earlier by another script: (batch, seq, d_model)
hidden = np.load("data/sample_activations.npy")
per_token = hidden[0]

sim = cosine_similarity(per_token)

print("pieces:", pieces)
for a, name_a in enumerate(pieces):
    for b, name_b in enumerate(pieces):
        print(f"{name_a:>14} ~ {name_b:<14} {sim[a][b]:+.3f}")
