# Synthetic rewrite of the shape of tristanreid/jane-street-puzzle:scripts/analyze_layer27_output.py at 55b420d457fd8755647862359a28e444e03b0a31 (licence NOASSERTION); not the original text.
"""Which vocabulary items does a fine-tuning delta push toward?  Read the SVD of a
late MLP weight delta through the output head."""
import numpy as np


def project_through_lm_head(direction, lm_head):
    """lm_head: [vocab, hidden]; direction: [hidden] -> per-token logit change."""
    return lm_head @ direction


def describe_delta(U, S, lm_head, tok, n_dirs=4, shown=12):
    report = []
    for k in range(min(n_dirs, len(S))):
        token_scores = project_through_lm_head(U[:, k], lm_head)
        z = (token_scores - token_scores.mean()) / token_scores.std()
        up = np.argsort(token_scores)[::-1][:shown]
        down = np.argsort(token_scores)[:shown]
        print(f"direction {k}  sigma={S[k]:.3f}")
        for t in up:
            print(f"   + {tok.decode([int(t)])!r:>14}  z={z[t]:+.2f}")
        for t in down:
            print(f"   - {tok.decode([int(t)])!r:>14}  z={z[t]:+.2f}")
        report.append({"dir": k, "up": up.tolist(), "down": down.tolist()})
    return report


def squared_shift(U, S, lm_head, n_dirs=8):
    total = np.zeros(lm_head.shape[0])
    for k in range(min(n_dirs, len(S))):
        total += (S[k] * (lm_head @ U[:, k])) ** 2
    return total
