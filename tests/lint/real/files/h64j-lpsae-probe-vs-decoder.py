# Synthetic rewrite of the shape of abedkkhan/Linear-Probes-vs-SAEs:scripts/SAEs/12_direction_comparison.py at d9ef75c95a26d071d0b5ee31e2a501e3d9a42636 (licence NOASSERTION); not the original text.
"""Does a supervised sentiment probe point the same way as any dictionary feature?

The probe is a two-class logistic regression (one weight vector); the dictionary
is a sparse autoencoder whose decoder rows live in the same residual space.
"""
import json
from pathlib import Path

import numpy as np

OUT = Path("outputs")


def unit_angle(u: np.ndarray, v: np.ndarray) -> float:
    return float(u @ v / (np.linalg.norm(u) * np.linalg.norm(v)))


def load_decoder(path: Path) -> np.ndarray:
    # (n_features, d_model) decoder dictionary saved earlier
    return np.load(path).astype(np.float32)


def run() -> None:
    probe_w = np.load(OUT / "sentiment_probe_w.npy").astype(np.float64)
    # binary sklearn probe: coef_[0] points toward the positive-sentiment class
    dec = load_decoder(OUT / "sae_decoder.npy")
    assert dec.shape[1] == probe_w.shape[0]

    row_len = np.linalg.norm(dec, axis=1)
    align = (dec @ probe_w) / (row_len * np.linalg.norm(probe_w))

    ranked = json.loads((OUT / "features_by_corr.json").read_text())
    table = []
    for item in ranked[:15]:
        k = item["feature_id"]
        table.append({"feature": k, "corr": item["correlation"], "cos": float(align[k])})
        print(f"{k:>6} corr={item['correlation']:+.3f} cos={align[k]:+.3f}")

    best = np.argsort(-np.abs(align))[:15]
    aligned = [{"feature": int(k), "cos": float(align[k])} for k in best]

    gen = np.random.default_rng(0)
    control = align[gen.choice(dec.shape[0], size=500, replace=False)]
    summary = {
        "by_corr": table,
        "by_alignment": aligned,
        "random_mean_abs": float(np.abs(control).mean()),
    }
    (OUT / "probe_vs_dictionary.json").write_text(json.dumps(summary, indent=2))


if __name__ == "__main__":
    run()
