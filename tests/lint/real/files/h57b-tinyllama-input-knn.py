# Synthetic rewrite of the shape of WarrenDavies/embedding-analysis:knn.py at 0cf74486fca7d09996582922bd270b7dfe191f2e (licence NOASSERTION); not the original text.
import torch
from sklearn.neighbors import NearestNeighbors
from sklearn.preprocessing import normalize as unit_rows
from transformers import AutoModelForCausalLM, AutoTokenizer

CHECKPOINT = "TinyLlama/TinyLlama-1.1B-Chat-v1.0"
QUERY = "Paris"

tok = AutoTokenizer.from_pretrained(CHECKPOINT)
lm = AutoModelForCausalLM.from_pretrained(CHECKPOINT, torch_dtype=torch.float32)

word_ids = {piece: i for piece, i in tok.get_vocab().items()
            if piece.startswith("\u2581") and piece[1:].isalpha()}
piece_list = list(word_ids)
id_list = [word_ids[p] for p in piece_list]

# the input lookup table of a rotary-position model, rows scaled to unit length
table = lm.get_input_embeddings().weight
vecs = table[id_list].detach().numpy()
vecs = unit_rows(vecs)

finder = NearestNeighbors(n_neighbors=10, metric="euclidean", algorithm="brute")
finder.fit(vecs)


def neighbours_of(piece, k=40):
    if not piece.startswith("\u2581"):
        piece = "\u2581" + piece
    row = piece_list.index(piece)
    dist, pos = finder.kneighbors(vecs[row].reshape(1, -1), n_neighbors=k + 1)
    found = []
    for d, p in zip(dist[0], pos[0]):
        if piece_list[p] != piece:
            found.append((piece_list[p].lstrip("\u2581"), float(d)))
    return found[:k]


for piece, d in neighbours_of(QUERY):
    print(f"{piece:<18} dist {d:.4f}")
