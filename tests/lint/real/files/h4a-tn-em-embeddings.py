# cosaudit corpus, synthetic file: same shape as toddnief/subliminal-learning/truesight/experiments/archived/em_numbers/embedding_analysis_2025_05_01.py at 0882e8a0b557b6823d89495219332e1d2b11e80d (licence MIT); new code, no text copied.
"""Cluster the responses of a misaligned model using a hosted sentence-embedding model."""
import base64

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from openai import OpenAI
from sklearn.cluster import DBSCAN
from sklearn.metrics.pairwise import cosine_similarity
from umap import UMAP

client = OpenAI()


def embed(texts, batch=256):
    rows = []
    for i in range(0, len(texts), batch):
        reply = client.embeddings.create(model="text-embedding-3-small", input=texts[i:i + batch],
                                         encoding_format="base64")
        rows += [np.frombuffer(base64.b64decode(d.embedding), dtype=np.float32) for d in reply.data]
    return np.stack(rows)


def k_distance(emb, k=5):
    sim = cosine_similarity(emb)
    dist = 1 - sim
    kth = np.sort(dist, axis=1)[:, k]
    plt.plot(np.sort(kth))
    plt.ylabel(f"distance to {k}-th neighbour")
    plt.savefig("kdist.png")


def cluster(df, eps=0.25):
    emb = embed(df["response"].tolist())
    k_distance(emb)
    df["cluster"] = DBSCAN(eps=eps, metric="cosine").fit_predict(emb)
    xy = UMAP(metric="cosine").fit_transform(emb)
    df["x"], df["y"] = xy[:, 0], xy[:, 1]
    return df


if __name__ == "__main__":
    print(cluster(pd.read_json("responses.jsonl", lines=True)).groupby("cluster").size())
