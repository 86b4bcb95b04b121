# Synthetic rewrite of the shape of Quill-AI-Assistant/mlx-interp:mlx_interp/analysis.py at 8f365ccccdf7aac77ba95a5cd54baf84a49006df (licence MIT); not the original text.
"""MLX helpers comparing captured hidden states of two prompts layer by layer."""
import mlx.core as mx


def flat_cos(u: mx.array, w: mx.array) -> float:
    u = u.reshape(-1).astype(mx.float32)
    w = w.reshape(-1).astype(mx.float32)
    num = mx.sum(u * w)
    den = mx.sqrt(mx.sum(u * u)) * mx.sqrt(mx.sum(w * w)) + 1e-8
    val = num / den
    mx.eval(val)
    return float(val.item())


def as_matrix(capture) -> mx.array:
    h = capture.hidden_state
    return h[0] if h.ndim == 3 else h


def shared_prefix_similarity(caps_a, caps_b, n_shared: int) -> list:
    per_layer = []
    for a, b in zip(caps_a, caps_b):
        xa, xb = as_matrix(a)[:n_shared], as_matrix(b)[:n_shared]
        per_layer.append(sum(flat_cos(xa[t], xb[t]) for t in range(n_shared)) / n_shared)
    return per_layer


def final_position_similarity(caps_a, caps_b) -> list:
    return [flat_cos(as_matrix(a)[-1], as_matrix(b)[-1]) for a, b in zip(caps_a, caps_b)]


def common_prefix(tok, first: str, second: str) -> int:
    n = 0
    for x, y in zip(tok.encode(first), tok.encode(second)):
        if x != y:
            break
        n += 1
    return n
