# Synthetic rewrite of the shape of Hypogenic-AI/is-there-a-sounds-like-ai-direction-f1b7-claude-fable-5-1:src/directions.py at ddd99ac192afc16d4f2bf87f5401ffbce12528b9 (licence NOASSERTION); not the original text.
"""Build a 'machine-written text' direction per layer and compare it with a
binary logistic probe fitted on the same residual activations."""
import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.preprocessing import StandardScaler


def separation(pos_scores, neg_scores):
    y = np.r_[np.ones(len(pos_scores)), np.zeros(len(neg_scores))]
    return float(roc_auc_score(y, np.r_[pos_scores, neg_scores]))


def layer_report(acts_human, acts_machine, test_human, test_machine):
    report = {}
    shift = acts_machine.mean(0) - acts_human.mean(0)
    shift_unit = shift / np.linalg.norm(shift)
    report["shift_norm"] = float(np.linalg.norm(shift))

    # two-class (sigmoid) probe on standardised activations
    scaler = StandardScaler().fit(np.r_[acts_human, acts_machine])
    labels = np.r_[np.zeros(len(acts_human)), np.ones(len(acts_machine))]
    probe = LogisticRegression(C=0.01, max_iter=300, class_weight="balanced")
    probe.fit(scaler.transform(np.r_[acts_human, acts_machine]), labels)
    raw_dir = probe.coef_[0] / scaler.scale_
    probe_unit = raw_dir / np.linalg.norm(raw_dir)

    report["auc_shift"] = separation(test_machine @ shift_unit, test_human @ shift_unit)
    report["auc_probe"] = separation(test_machine @ probe_unit, test_human @ probe_unit)
    report["cos_shift_vs_probe"] = float(shift_unit @ probe_unit)

    spread = (test_human @ shift_unit).std()
    report["dprime"] = float(((test_machine @ shift_unit).mean()
                              - (test_human @ shift_unit).mean()) / spread)
    return report


def confound_cosines(shift_unit, confounds):
    out = {}
    for name, vec in confounds.items():
        out[name] = float(shift_unit @ (vec / (np.linalg.norm(vec) + 1e-9)))
    return out
