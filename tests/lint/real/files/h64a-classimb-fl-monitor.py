# Synthetic rewrite of the shape of balanced-fl/Addressing-Class-Imbalance-FL:FEMNIST-monitor/models/Fed.py at cd0e996462bb082e537af45d968422eb81be93b7 (licence NOASSERTION); not the original text.
import numpy as np

HEAD_KEY = "backbone.out.weight"   # n_letters x hidden, the softmax output layer
N_LETTERS = 26


def head_moves(global_state, client_states, scale=100.0):
    base = global_state[HEAD_KEY].cpu().numpy()
    return np.stack([(s[HEAD_KEY].cpu().numpy() - base) * scale for s in client_states])


def dominant_entries(moves, tol=0.8):
    """For every head entry, mark the auxiliary client whose update clearly dominates."""
    n_aux, rows, cols = moves.shape
    marks = np.zeros((n_aux, rows, cols))
    for r in range(rows):
        for c in range(cols):
            col = moves[:, r, c]
            top = int(np.argmax(col))
            rivals = np.where(np.abs(col) / abs(col[top]) > tol)[0]
            if len(rivals) < 2:
                marks[top, r, c] = 1
    return marks


def composition_ratios(marks, prev_global, aux_states):
    ratios = []
    for letter in range(N_LETTERS):
        own, others = 0.0, 0.0
        for r, c in zip(*np.nonzero(marks[letter])):
            start = prev_global[HEAD_KEY].cpu().numpy()[r, c]
            deltas = np.array([s[HEAD_KEY].cpu().numpy()[r, c] - start for s in aux_states])
            own += deltas[letter]
            others += np.delete(deltas, letter).mean()
        ratios.append(abs(own) / abs(others) if others != 0 else 10.0)
    return [1.0 + 0.1 * v for v in ratios]


def agreement(estimate, truth):
    # cosine between an estimated class-count vector and the true class counts
    return float(np.dot(estimate, truth) / (np.linalg.norm(estimate) * np.linalg.norm(truth)))
