# Synthetic rewrite of the shape of barnstorm/llimbic:tools/probe_embedding_semantics.py at b60f7ac28aa958f2307c7b9c4a568359ad2f2f0a (licence NOASSERTION); not the original text.
"""Gate check: do pooled text embeddings land near semantically related
tokens? Each anchor word is embedded by a server and compared with a table of
per-token vectors taken from the model's first layer (its input side)."""
import numpy as np
import safetensors.torch
from transformers import AutoTokenizer

TABLE_PATH = "data/token_vectors_first_layer.safetensors"
CHECKS = [
    ("cold", ["chilly", "freezing", "icy", "cool"]),
    ("angry", ["furious", "mad", "irate", "rage"]),
    ("river", ["stream", "creek", "brook"]),
]


def load_table(path):
    blob = safetensors.torch.load_file(path)
    ids = blob["token_ids"].numpy().astype(np.int64)
    vecs = blob["embeddings"].float().numpy()
    lengths = np.linalg.norm(vecs, axis=1, keepdims=True)
    lengths[lengths < 1e-9] = 1.0
    return ids, (vecs / lengths).astype(np.float32)


def run(embedder, tokenizer_name="HuggingFaceTB/SmolLM2-1.7B", top_k=10, need=0.7):
    tok = AutoTokenizer.from_pretrained(tokenizer_name)
    ids, table = load_table(TABLE_PATH)
    hits = 0
    for anchor, wanted in CHECKS:
        q = embedder.embed(anchor)
        q = q / max(np.linalg.norm(q), 1e-9)
        scores = table @ q                      # input-side token vectors vs a sentence embedding
        best = np.argsort(-scores)[:top_k]
        words = [tok.decode([int(ids[i])]).strip().lower() for i in best]
        ok = any(w.startswith(x) or x.startswith(w) for w in words for x in wanted if w)
        hits += ok
        print(f"{'ok ' if ok else 'BAD'} {anchor:8s} -> {words}")
    rate = hits / len(CHECKS)
    print("pass rate", rate, "PASS" if rate >= need else "FAIL")
    return rate >= need
