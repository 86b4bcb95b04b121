# cosaudit corpus, synthetic file: same shape as ltong1130ztr/HAFrame/HAFrame/neural_collapse.py at abe73b43dd0122a727ca87029e325ba854b18c16 (licence NOASSERTION); new code, no text copied.
import numpy as np
import torch


def cos(a, b):
    return float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)))


def all_pair_cosines(rows):
    """rows: centred class means or the classifier's weight rows."""
    n = rows.shape[0]
    return np.array([cos(rows[i], rows[j]) for i in range(n - 1) for j in range(i + 1, n)])


def deviation_from_frame(frame, rows, head_rows):
    k = rows.shape[0]
    got = all_pair_cosines(rows)
    if frame == "ETF":
        gap = np.abs(got + 1.0 / (k - 1))
        return gap.mean(), got.std()
    target = all_pair_cosines(head_rows)
    return np.abs(got - target).mean(), (got - target).std()


def head_rows(model):
    for name, p in model.named_parameters():
        if name == "classifier_3.weight":
            return p.detach().cpu().numpy()
    raise KeyError("classifier_3.weight")


def track(model, checkpoints, frame):
    history = []
    for path in checkpoints:
        model.load_state_dict(torch.load(path)["state_dict"])
        W = head_rows(model)
        history.append(deviation_from_frame(frame, W, W))
    return history
