# Synthetic rewrite of the shape of nejohnson2/lets-see-the-guts:src/logit_lens.py at 51d6eee2214c559b87e2c27e7e64a33de0d042a1 (licence NOASSERTION); not the original text.
"""Early-exit readout: push every saved layer state through the final norm and the tied vocab table.

For each captured layer we normalise the hidden state the way the last block would,
multiply by the transposed token table and keep the most likely next tokens.
"""
from pathlib import Path

import numpy as np

TOP_K = 8
EPS = 1e-5


def final_norm(states: np.ndarray, gain: np.ndarray, eps: float = EPS) -> np.ndarray:
    """Root-mean-square normalisation followed by the learned gain."""
    states = states.astype(np.float32)
    rms = np.sqrt(np.mean(states * states, axis=-1, keepdims=True) + eps)
    return states / rms * gain


def early_exit_topk(stream: np.ndarray, gain: np.ndarray, vocab_table: np.ndarray, k: int = TOP_K) -> dict:
    """stream: [layers+1, positions, width]; vocab_table: [vocab, width]."""
    n_layers, n_pos, _ = stream.shape
    best_ids = np.zeros((n_layers, n_pos, k), dtype=np.int32)
    best_p = np.zeros((n_layers, n_pos, k), dtype=np.float32)

    for layer in range(n_layers):
        normed = final_norm(stream[layer], gain)
        scores = normed @ vocab_table.T  # [positions, vocab]
        scores = scores - scores.max(axis=-1, keepdims=True)
        p = np.exp(scores)
        p /= p.sum(axis=-1, keepdims=True)
        for pos in range(n_pos):
            ids = np.argpartition(p[pos], -k)[-k:]
            ids = ids[np.argsort(-p[pos][ids])]
            best_ids[layer, pos] = ids
            best_p[layer, pos] = p[pos][ids]

    return {"ids": best_ids, "probs": best_p}


def write_readout(out_dir: Path, readout: dict) -> None:
    np.savez(out_dir / "early_exit_topk.npz", ids=readout["ids"], probs=readout["probs"])
