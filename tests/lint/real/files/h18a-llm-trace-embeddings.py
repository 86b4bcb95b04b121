# Synthetic rewrite of the shape of kiriz/llm-basics:src/llm_trace/embeddings.py at 30e555a23d3a06fee0a82e3bcd92d2ca73549041 (licence NOASSERTION); not the original text.
"""Token-table explorer: read the wte of a small GPT-2-family model (distilgpt2,
whose LM head reuses wte) and show each prompt token next to its closest
vocabulary entries, so that related words appear side by side."""

from __future__ import annotations

import numpy as np

LANDMARKS = {
    "weekdays": [" Monday", " Friday", " Sunday"],
    "pets": [" cat", " dog", " rabbit"],
}


def table_of(model_id: str):
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    tok = AutoTokenizer.from_pretrained(model_id)
    lm = AutoModelForCausalLM.from_pretrained(model_id, dtype=torch.float32)
    rows = lm.get_input_embeddings().weight.detach().float().cpu().numpy()
    del lm
    return tok, rows


def closest(matrix: np.ndarray, query_id: int, k: int = 8) -> list[int]:
    q = matrix[query_id]
    q_norm = np.linalg.norm(q) + 1e-12
    norms = np.linalg.norm(matrix, axis=1) + 1e-12
    scores = (matrix @ q) / (norms * q_norm)
    scores[query_id] = -np.inf
    best = np.argpartition(-scores, k)[:k]
    return [int(i) for i in best[np.argsort(-scores[best])]]


def build_page(model_id: str = "distilgpt2", prompt: str = "The cat sat", k: int = 8):
    tok, rows = table_of(model_id)
    picked: dict[int, str] = {}
    ids = tok.encode(prompt)
    for t in ids:
        picked[int(t)] = "prompt"
    for t in set(ids):
        for n in closest(rows, int(t), k=k):
            picked.setdefault(n, "neighbour")
    for group, words in LANDMARKS.items():
        for w in words:
            enc = tok.encode(w, add_special_tokens=False)
            if len(enc) == 1:
                picked.setdefault(enc[0], group)
    centred = rows - rows.mean(axis=0, keepdims=True)   # only for the 2-D picture
    _, _, vt = np.linalg.svd(centred, full_matrices=False)
    xy = centred @ vt[:2].T
    return [{"id": i, "text": tok.decode([i]), "xy": xy[i].tolist(), "kind": c}
            for i, c in picked.items()]
