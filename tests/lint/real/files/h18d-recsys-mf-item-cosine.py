# Synthetic rewrite of the shape of m2dsupsdlclass/lectures-labs:labs/03_neural_recsys/solutions/similarity.py at 34d1a4bf804a04df654ee8592229d3d7dfe65466 (licence NOASSERTION); not the original text.
# Lab solution: neighbours of a film in the item-embedding table of the rating-regression model
# (item_embeddings and movies come from the notebook cells above).
TINY = 1e-7


def cos(a, b):
    return np.dot(a, b.T) / (np.linalg.norm(a) * np.linalg.norm(b) + TINY)


def cos_to_all(x):
    """Cosine between x and every row of the item table."""
    num = np.dot(item_embeddings, x)
    return num / (np.linalg.norm(x) * np.linalg.norm(item_embeddings, axis=1) + TINY)


def l2_to_all(v):
    return np.linalg.norm(item_embeddings - v, axis=1)


def neighbours(i, k=10, how="l2"):
    if how == "l2":
        d = l2_to_all(item_embeddings[i])
        order = np.argsort(d)[:k]
        return list(zip(movies["title"][order], d[order]))
    s = cos_to_all(item_embeddings[i])
    order = np.argsort(s)[::-1][:k]
    return list(zip(movies["title"][order], s[order]))


print("self-cosine:", cos(item_embeddings[3], item_embeddings[3]))
for name, score in neighbours(50, how="cos"):
    print(name, score)
# With few ratings per film the table is noisy; neighbours are weak.
