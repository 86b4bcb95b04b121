# Synthetic rewrite of the shape of a-koshmarov/artist-suggestion-system:helper_functions.py at 4c916679b0c4e4a6a611c6b8c3728a0f6515ef50 (licence NOASSERTION); not the original text.
"""Helpers for an artist2vec-style Keras model trained on co-occurring artist
pairs: nearest artists are found by cosine over the artist Embedding table."""
from itertools import permutations
import csv
import numpy as np


def write_pairs(playlists, track_to_artist, artist_ids, out_path):
    with open(out_path, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["left", "right"])
        writer.writeheader()
        for playlist in playlists:
            present = {artist_ids[track_to_artist[t]] for t in playlist
                       if t in track_to_artist and track_to_artist[t] in artist_ids}
            for a, b in permutations(present, 2):
                writer.writerow({"left": a, "right": b})


def nearest_artists(name, model, id_to_artist, artist_ids, k=10):
    table = model.get_layer("artist_vectors").get_weights()[0]
    table = table / np.linalg.norm(table, axis=1).reshape((-1, 1))
    if name not in artist_ids:
        print(f"{name} is unknown")
        return []
    sims = np.dot(table, table[artist_ids[name]])
    order = np.argsort(sims)[::-1][1:k + 1]
    for i in order:
        print(f"{id_to_artist[i]:<30} cos={sims[i]:.2f}")
    return [id_to_artist[i] for i in order]
