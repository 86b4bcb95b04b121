# Synthetic rewrite of the shape of tanmaychimurkar/ma-thesis:2_build_vectors/build_vectors_and_index.py at 84c2b6aecb38dfe0d7b8dddfcdb8609c322c9ac1 (licence NOASSERTION); not the original text.
import bz2
import json

import faiss
import numpy as np
from flair.data import Sentence
from flair.embeddings import TransformerWordEmbeddings


def load_encoder(checkpoint="xlm-roberta-base"):
    return TransformerWordEmbeddings(checkpoint, layers="-1", layer_mean=True,
                                     subtoken_pooling="first", is_document_embedding=True)


def write_unit_vectors(encoder, terms, out_path):
    sentences = [Sentence(t) for t in terms]
    encoder.embed(sentences)
    with bz2.open(out_path, "at") as fh:
        for s in sentences:
            v = s.get_embedding().cpu().numpy()
            v = v / np.sqrt((v ** 2).sum())
            fh.write(json.dumps(v.tolist()) + "\n")


def build_index(vector_path, index_path):
    with bz2.open(vector_path, "rt") as fh:
        mat = np.asarray([json.loads(line) for line in fh], dtype=np.float32)
    index = faiss.IndexFlatIP(mat.shape[1])
    index.add(mat)
    faiss.write_index(index, index_path)
    return index


def nearest_terms(index, query_vectors, k=10):
    scores, ids = index.search(np.asarray(query_vectors, dtype=np.float32), k)
    return [[(int(j), round(float(s), 3)) for s, j in zip(row_s, row_i)]
            for row_s, row_i in zip(scores, ids)]
