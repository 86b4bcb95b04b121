# Synthetic rewrite of the shape of tanmaychimurkar/ma-thesis:compute_nearest_terms.py at 84c2b6aecb38dfe0d7b8dddfcdb8609c322c9ac1 (licence NOASSERTION); not the original text.
import copy
import json
import os

import faiss
import numpy as np


class OntologyLookup:
    """Match job-ad terms to ontology skills through a prebuilt inner-product index
    over unit-length sentence vectors from a fine-tuned XLM-R encoder."""

    def __init__(self, vec_dir, out_dir, skills, k=20):
        self.vec_dir, self.out_dir, self.skills, self.k = vec_dir, out_dir, skills, k

    def load_index(self, pattern):
        names = [f for f in os.listdir(self.vec_dir) if f.endswith(".index") and pattern in f]
        return faiss.read_index(os.path.join(self.vec_dir, names[0]))

    def attach_vectors(self, rows, pattern):
        name = [f for f in os.listdir(self.vec_dir) if pattern in f][0]
        with open(os.path.join(self.vec_dir, name)) as fh:
            for row, line in zip(rows, fh):
                row["vector"] = json.loads(line)
        return rows

    def lookup(self, rows, index, tag):
        out = copy.deepcopy(rows)
        queries = np.asarray([r["vector"] for r in rows], dtype=np.float32)
        D, I = index.search(queries, self.k)
        for qi, row in enumerate(out):
            row.pop("vector")
            row["matches"] = []
            for rank in range(self.k):
                hit = dict(self.skills[I[qi][rank]])
                hit["similarity_score"] = round(float(D[qi][rank]), 3)
                row["matches"].append(hit)
        with open(os.path.join(self.out_dir, f"{tag}.jsonl"), "w") as fh:
            for row in out:
                fh.write(json.dumps(row) + "\n")
        return out
