# Synthetic rewrite of the shape of nlp-noob/word2vec-reproduce:evaluation/test_for_algorithm.py at 5e7a37e47fe898f1584c1f0c59a08dc88cd548c3 (licence NOASSERTION); not the original text.
import numpy as np
import torch

run_dir = "runs/skipgram_wiki103"
net = torch.load(f"{run_dir}/model.pt", map_location="cpu")
vocab = torch.load(f"{run_dir}/vocab.pt")

# the first parameter tensor is the input lookup table (nn.Embedding)
table = next(net.parameters()).detach().cpu().numpy()
embeddings_norm = table / np.linalg.norm(table, axis=1, keepdims=True)

query = table[vocab["paris"]] - table[vocab["france"]] + table[vocab["italy"]]
query = query / np.linalg.norm(query)

dists = np.matmul(embeddings_norm, query)
for idx in np.argsort(-dists)[:5]:
    print(vocab.lookup_token(idx), round(float(dists[idx]), 3))
