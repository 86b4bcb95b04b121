# cosaudit corpus, synthetic file: same shape as evanmarkou/Guiding-Neural-Collapse/nc/ETF_distance.py at 00cdf2940aee354f735f370f7841913cd580e06f (licence NOASSERTION); new code, no text copied.
import numpy as np


def classifier_feature_distance(W_trained, H_trained, K):
    """How far the trained classifier and the class-mean matrix are from each other and from an ETF."""
    M = np.sqrt(K / (K - 1)) * (np.eye(K) - np.ones((K, K)) / K)
    W_trained = W_trained / np.linalg.norm(W_trained, ord="fro")
    H_trained = H_trained / np.linalg.norm(H_trained, ord="fro")
    wh_dist = np.linalg.norm(W_trained - H_trained, ord="fro") ** 2
    WH = W_trained @ H_trained.T
    WH /= np.linalg.norm(WH, ord="fro")
    wh_mm = np.linalg.norm(WH - M / np.linalg.norm(M, ord="fro"), ord="fro")
    return wh_dist, wh_mm
