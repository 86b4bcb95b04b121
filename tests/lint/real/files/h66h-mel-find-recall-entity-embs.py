# Synthetic rewrite of the shape of Yokto13/multilingual-entity-linking:src/finetunings/evaluation/find_recall.py at d44e4f1ac60be83527abd46b768b970417b2270e (licence NOASSERTION); not the original text.
from pathlib import Path

import numpy as np
import scann


def read_shards(folder):
    """Concatenate the encoder outputs saved as vecs_<n>.npy / ids_<n>.npy."""
    folder = Path(folder)
    vec_parts, id_parts = [], []
    for shard in sorted(folder.glob("vecs_*.npy")):
        suffix = shard.stem.split("_")[1]
        vec_parts.append(np.load(shard).astype(np.float32))
        id_parts.append(np.load(folder / f"ids_{suffix}.npy"))
    return np.concatenate(vec_parts), np.concatenate(id_parts)


def unit_rows(mat):
    return mat / np.linalg.norm(mat, axis=1, keepdims=True)


def build_searcher(catalogue):
    n = catalogue.shape[0]
    return (
        scann.scann_ops_pybind.builder(catalogue, 10, "dot_product")
        .tree(num_leaves=4 * int(np.sqrt(n)), num_leaves_to_search=500,
              training_sample_size=n)
        .score_ah(2, anisotropic_quantization_threshold=0.2)
        .reorder(800)
        .build()
    )


def first_distinct(seq, k):
    out = []
    for x in seq:
        if x not in out:
            out.append(x)
        if len(out) == k:
            break
    return out


def recall_at_k(entity_dir, mention_dir, k=10):
    # description encodings of knowledge-base entities (bi-encoder, entity side)
    ent_vecs, ent_ids = read_shards(entity_dir)
    ent_vecs = unit_rows(ent_vecs)
    # encodings of mentions in context (bi-encoder, mention side)
    men_vecs, men_ids = read_shards(mention_dir)
    men_vecs = unit_rows(men_vecs)

    searcher = build_searcher(ent_vecs)
    hits = 0
    for vec, gold in zip(men_vecs, men_ids):
        idx, _ = searcher.search(vec, final_num_neighbors=max(1000, k))
        hits += gold in first_distinct(ent_ids[idx], k)
    return hits / len(men_ids)


if __name__ == "__main__":
    import sys
    print("recall:", recall_at_k(sys.argv[1], sys.argv[2], int(sys.argv[3])))
