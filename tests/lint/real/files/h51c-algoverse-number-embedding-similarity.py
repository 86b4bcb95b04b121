# Synthetic rewrite of the shape of Hantang01/Algoverse-Research-Project:scripts/embedding_similarity.py at 5049851c05663548fd46a51015f8bc7fe242af86 (licence NOASSERTION); not the original text.
# The checkpoint loaded by load_model() is a local LLaMA (rotary positions); the table read here is its input embedding.
import torch
import torch.nn.functional as F

from functions import load_model
from generate_data import Misleading_pair

tokenizer, model = load_model()
table = model.get_input_embeddings().weight


def pooled_vector(s):
    pieces = tokenizer.encode(s, add_special_tokens=False)
    return table[torch.tensor(pieces)].mean(dim=0)


scores = []
for step in range(5000):
    a, b, _ = Misleading_pair()
    sim = F.cosine_similarity(pooled_vector(a).unsqueeze(0), pooled_vector(b).unsqueeze(0))
    scores.append(sim.item())

scores = torch.tensor(scores)
print(f"mean {scores.mean():.4f}  std {scores.std():.4f}  min {scores.min():.4f}  max {scores.max():.4f}")
