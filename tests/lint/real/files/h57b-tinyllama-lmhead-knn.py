# Synthetic rewrite of the shape of WarrenDavies/embedding-analysis:race-vs-program.py at 0cf74486fca7d09996582922bd270b7dfe191f2e (licence NOASSERTION); not the original text.
import torch
import torch.nn.functional as F
from sklearn.neighbors import NearestNeighbors
from sklearn.preprocessing import normalize as unit_rows
from transformers import AutoModelForCausalLM, AutoTokenizer

CHECKPOINT = "TinyLlama/TinyLlama-1.1B-Chat-v1.0"

tok = AutoTokenizer.from_pretrained(CHECKPOINT)
lm = AutoModelForCausalLM.from_pretrained(CHECKPOINT, torch_dtype=torch.float32)

# keep only alphabetic whole-word pieces of the vocabulary
word_ids = {piece: i for piece, i in tok.get_vocab().items()
            if piece.startswith("\u2581") and piece[1:].isalpha()}
piece_list = list(word_ids)
id_list = [word_ids[p] for p in piece_list]


def last_hidden_of(sentence, piece):
    enc = tok(sentence, return_tensors="pt")
    pieces = tok.convert_ids_to_tokens(enc["input_ids"][0])
    where = pieces.index(piece)
    with torch.no_grad():
        out = lm(**enc, output_hidden_states=True)
    return out.hidden_states[-1][0, where].numpy()


# rows of the output projection, each scaled to unit length
head_rows = lm.lm_head.weight.detach().float()
head_rows = F.normalize(head_rows, p=2, dim=1)
head_rows = head_rows[id_list].numpy()

# brute-force neighbours on unit vectors: Euclidean order equals cosine order
finder = NearestNeighbors(n_neighbors=10, metric="euclidean", algorithm="brute")
finder.fit(head_rows)


def closest_pieces(vec, k=25):
    probe = unit_rows(vec.reshape(1, -1))
    dist, pos = finder.kneighbors(probe, n_neighbors=k)
    return [(piece_list[p].lstrip("\u2581"), float(d)) for d, p in zip(dist[0], pos[0])]


hose_vec = last_hidden_of("the crew sprayed water on the fire", "\u2581fire")
gun_vec = last_hidden_of("the soldier raised his rifle and opened fire", "\u2581fire")

for name, vec in (("extinguish", hose_vec), ("shoot", gun_vec)):
    print("sense:", name)
    for piece, d in closest_pieces(vec):
        print(f"  {piece:<18} dist {d:.4f}")
