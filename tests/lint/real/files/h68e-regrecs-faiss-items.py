# Synthetic rewrite of the shape of srinikethsubba/reg-recs:app/build_faiss.py at bd14f1cdba35e83fb9ed2949d987a6b2975df36c (licence NOASSERTION); not the original text.
from pathlib import Path

import faiss
import numpy as np

ART = Path("artifacts")
IDX = Path("index"); IDX.mkdir(exist_ok=True)


def build():
    vecs = np.load(ART / "item_vecs.npy").astype("float32")
    print("loaded item vectors", vecs.shape)
    index = faiss.IndexFlatIP(vecs.shape[1])   # inner-product index
    faiss.normalize_L2(vecs)                   # unit rows -> cosine search
    index.add(vecs)
    faiss.write_index(index, str(IDX / "items.faiss"))
    print("indexed", index.ntotal, "items")


if __name__ == "__main__":
    build()
