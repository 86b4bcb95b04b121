# Synthetic rewrite of the shape of gone-still/ai:machineLearning/movieRecommender/movieRecommender.py at d24227ca3b7dc6efd5a9b4443804d7d78830ffc4 (licence CC0-1.0); not the original text.
"""Genre-to-title recommender: two Keras Embedding tables (titles, genres) were
trained by a pair model; afterwards the title table is unit-normalised and the
titles are ranked by cosine against the summed genre query."""
import numpy as np


def unit_rows(table):
    lengths = np.linalg.norm(table, axis=1).reshape(-1, 1)
    return table / lengths


def recommend(model, genre_ids, genre_query, titles, top=10, slots=3):
    genre_table = model.get_layer("genre_vectors").get_weights()[0]
    title_layer = model.get_layer("title_vectors")
    title_table = title_layer.get_weights()[0]
    title_unit = unit_rows(title_table)

    summed = np.zeros(genre_table.shape[1])
    for slot in range(slots):
        code = genre_ids[genre_query[slot]] if slot < len(genre_query) else 0
        summed = summed + genre_table[code]
    query = summed / np.linalg.norm(summed)

    ranked = []
    for t in range(title_table.shape[0]):
        score = float(np.dot(title_unit[t], query))
        ranked.append((score, titles[t]))
    ranked.sort(reverse=True)
    return ranked[:top]


if __name__ == "__main__":
    from tensorflow import keras
    net = keras.models.load_model("title_genre_pairs.h5")
    ids = {"<none>": 0, "Thriller": 1, "Horror": 2}
    names = [f"title {i}" for i in range(5000)]
    for score, name in recommend(net, ids, ["Thriller", "Horror"], names):
        print(f"{score:.3f}  {name}")
