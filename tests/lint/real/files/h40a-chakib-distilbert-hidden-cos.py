# Synthetic rewrite of the shape of ChakibMadcur/token_embeddings6.py:token_embeddings6.py at 3f7536682dd589a9c685a021f060861397b57948 (licence NOASSERTION); not the original text.
import torch
import torch.nn.functional as F
from transformers import AutoTokenizer, AutoModel

name = "distilbert-base-uncased"
tok = AutoTokenizer.from_pretrained(name)
enc_model = AutoModel.from_pretrained(name, output_hidden_states=True)

texts = [
    "Lisbon gets more sunshine than Oslo.",
    "Basketball games are fun to watch live.",
    "Serena Williams won many grand slam titles.",
]
batch = tok(texts, padding=True, truncation=True, return_tensors="pt")

with torch.no_grad():
    layers = enc_model(**batch).hidden_states      # embeddings output + one per block

first = tok.convert_ids_to_tokens(batch["input_ids"][0])
for L in range(1, 4):
    print(f"layer {L}:", [(t, layers[L][0, i, :4].tolist()) for i, t in enumerate(first[:4])])

# token-by-token cosine distance inside the first sentence, per layer
n = batch["input_ids"][0].numel()
dist = torch.zeros(5, n, n)
for L in range(1, 6):
    h = layers[L][0]
    normed = F.normalize(h, p=2, dim=1)
    dist[L - 1] = 1 - normed @ normed.T

for L in range(5):
    print(f"layer {L + 1}\n", dist[L, :4, :4])
